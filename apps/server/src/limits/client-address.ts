import { isIPv4, isIPv6 } from 'node:net';

/**
 * The group a client address is counted in by per-address limits. An IPv4 address is its own
 * group; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack server sees for an
 * IPv4 client) is that IPv4 address; any other IPv6 address counts as its /64 (`2001:db8:0:1::/64`),
 * the block one subscriber usually holds whole, so that walking through it gains nothing.
 */
export function addressGroup(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  if (isIPv4(address)) return address;
  const zoneless = address.split('%')[0] ?? address;
  if (!isIPv6(zoneless)) return address;
  const groups = ipv6Groups(zoneless);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail too). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const before = head === '' ? [] : head.split(':');
  const after = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : 8 - before.length - after.length;
  return [...before, ...Array<string>(zeros).fill('0'), ...after].map((g) => parseInt(g, 16));
}
