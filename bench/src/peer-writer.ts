// The peers' writer: "the same equivalent change" as Fateboard's fan-out commands, made
// directly in a Y.Doc as a client of a plain Yjs server would. Fateboard's GM alternates an
// aspect push (the spotlight names an aspect) and a fate point transfer between two
// characters, back and forth, each with a log row; here each is one transaction on nested
// maps plus a small row pushed to a log array, sent as the update that transaction emits.
import * as Y from 'yjs';
import type { CommandKind } from './open-loop';

const ASPECTS = [
  { id: 'a0', text: 'On Fire' },
  { id: 'a1', text: 'Collapsing Roof' },
];
// Log row types, as small numbers (Fateboard's rows are compact arrays too).
const ROW_PUSH = 1;
const ROW_GIVE = 2;

export class PeerWriter {
  readonly doc = new Y.Doc();
  private next = 0;
  private readonly characters: Y.Map<Y.Map<unknown>>;
  private readonly scene: Y.Map<unknown>;
  private readonly log: Y.Array<unknown[]>;

  constructor() {
    this.characters = this.doc.getMap('characters');
    this.scene = this.doc.getMap('scene');
    this.log = this.doc.getArray('log');
  }

  /** The document's starting state: two characters with fate points, two aspects. */
  initial(): Uint8Array {
    return this.capture(() => {
      for (const id of ['c0', 'c1']) {
        const c = new Y.Map<unknown>();
        this.characters.set(id, c);
        c.set('name', `Hero ${id}`);
        c.set('fatePoints', 3);
      }
      const aspects = this.doc.getMap<Y.Map<unknown>>('aspects');
      for (const a of ASPECTS) {
        const m = new Y.Map<unknown>();
        aspects.set(a.id, m);
        m.set('text', a.text);
        m.set('freeInvokes', 1);
      }
    });
  }

  /**
   * Change n: a push, then a transfer, as Fateboard's command n (fanout.ts fanoutCommand).
   * `dt`: ms since the previous change, which the row keeps (as Fateboard's rows do).
   */
  change(dt: number): { kind: CommandKind; update: Uint8Array } {
    const k = this.next++;
    if (k % 2 === 0) {
      const aspect = ASPECTS[(k / 2) % 2]!;
      const update = this.capture(() => {
        this.scene.set('spotlight', { aspectId: aspect.id, text: aspect.text });
        this.log.push([[ROW_PUSH, dt, 0, (k / 2) % 2]]);
      });
      return { kind: 'push', update };
    }
    const forward = ((k - 1) / 2) % 2 === 0;
    const [from, to] = forward ? ['c0', 'c1'] : ['c1', 'c0'];
    const update = this.capture(() => {
      const a = this.characters.get(from)!;
      const b = this.characters.get(to)!;
      a.set('fatePoints', (a.get('fatePoints') as number) - 1);
      b.set('fatePoints', (b.get('fatePoints') as number) + 1);
      this.log.push([[ROW_GIVE, dt, 0, forward ? 0 : 1, forward ? 1 : 0]]);
    });
    return { kind: 'give', update };
  }

  /** The update one transaction emits, as a y-websocket or Hocuspocus provider sends it. */
  private capture(change: () => void): Uint8Array {
    let update: Uint8Array | undefined;
    const keep = (u: Uint8Array) => (update = u);
    this.doc.on('update', keep);
    this.doc.transact(change);
    this.doc.off('update', keep);
    if (!update) throw new Error('the change made no update');
    return update;
  }
}
