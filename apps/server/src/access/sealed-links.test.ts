import { describe, expect, it } from 'vitest';
import { openLinks, sealLinks } from './sealed-links';
import { newToken } from './tokens';

describe('sealed links', () => {
  const gm = newToken();
  const tokens = { player: newToken(), spectator: newToken() };

  it('open with the GM token they were sealed under, for their table only', () => {
    const sealed = sealLinks(gm, 'T1', tokens);
    expect(openLinks(gm, 'T1', sealed)).toEqual(tokens);
    expect(openLinks(newToken(), 'T1', sealed)).toBeNull();
    expect(openLinks(gm, 'T2', sealed)).toBeNull();
  });

  it('hold no token in clear, and differ each time (fresh salt and IV)', () => {
    const a = Buffer.from(sealLinks(gm, 'T1', tokens));
    const b = Buffer.from(sealLinks(gm, 'T1', tokens));
    expect(a.equals(b)).toBe(false);
    for (const token of [gm, tokens.player, tokens.spectator]) {
      expect(a.includes(token)).toBe(false);
      expect(a.includes(Buffer.from(token, 'base64url'))).toBe(false);
    }
  });

  it('refuse altered, cut or foreign bytes instead of throwing', () => {
    const sealed = sealLinks(gm, 'T1', tokens);
    for (let i = 0; i < sealed.length; i += 7) {
      const altered = new Uint8Array(sealed);
      altered[i]! ^= 1;
      expect(openLinks(gm, 'T1', altered)).toBeNull();
    }
    expect(openLinks(gm, 'T1', sealed.subarray(0, 45))).toBeNull();
    expect(openLinks(gm, 'T1', new Uint8Array(0))).toBeNull();
    expect(openLinks(gm, 'T1', new Uint8Array(80))).toBeNull();
  });
});
