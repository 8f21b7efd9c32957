import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address';

describe('addressGroup', () => {
  it('keeps an IPv4 address, and unwraps one mapped into IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressGroup('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const group = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0DB8:0000:0001:0000:0000:0000:0002',
      '2001:db8::1:0:0:0:3',
      '2001:db8:0:1:a:b:1.2.3.4',
      '2001:db8:0:1::9%eth0',
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('::')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    // Another mapping prefix is not IPv4-mapped.
    expect(addressGroup('::fffe:203.0.113.7')).toBe('0:0:0:0::/64');
  });

  it('passes through what is not an address', () => {
    expect(addressGroup(undefined)).toBe('unknown');
    expect(addressGroup('')).toBe('unknown');
    expect(addressGroup('not an address')).toBe('not an address');
  });
});
