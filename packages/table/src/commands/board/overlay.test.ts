import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, SPECTATOR, refused, sceneTable } from '../../test/harness';

describe('board.overlay', () => {
  it('is the GM’s switch: the overlay shows the board, then not', () => {
    const { t, ann } = sceneTable(7);
    expect(readTable(t.docs.pub).boardOnOverlay).toBe(false);
    refused(t, ann, { type: 'board.overlay', show: true }, 'forbidden');
    refused(t, SPECTATOR, { type: 'board.overlay', show: true }, 'forbidden');
    refused(t, GM, { type: 'board.overlay', show: 'yes' }, 'bad-command');
    t.ok(GM, { type: 'board.overlay', show: true });
    expect(readTable(t.docs.pub).boardOnOverlay).toBe(true);
    // Again is no change at all.
    t.ok(GM, { type: 'board.overlay', show: true });
    t.ok(GM, { type: 'board.overlay', show: false });
    expect(readTable(t.docs.pub).boardOnOverlay).toBe(false);
    expect(t.docs.pub.getMap('meta').has('boardOnOverlay')).toBe(false);
  });
});
