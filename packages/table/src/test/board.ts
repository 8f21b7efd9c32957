import { readTable } from '../doc/views';
import { GM, sceneTable, type TestTable } from './harness';

// The board the reducer's board tests share: three zones in a row and one far away.

/** The docks: Pier – Warehouse – Roof in a row, the Warehouse–Roof border hindered. */
export function docks() {
  const s = sceneTable(5);
  const { t } = s;
  const pier = t.ok(GM, { type: 'zone.add', name: 'Pier', x: 0, y: 0, w: 4, h: 3 }).zoneId!;
  const shed = t.ok(GM, { type: 'zone.add', name: 'Warehouse', x: 4, y: 0, w: 4, h: 3 }).zoneId!;
  const roof = t.ok(GM, { type: 'zone.add', name: 'Roof', x: 8, y: 0, w: 3, h: 3 }).zoneId!;
  const far = t.ok(GM, { type: 'zone.add', name: 'Lighthouse', x: 20, y: 10, w: 2, h: 2 }).zoneId!;
  t.ok(GM, { type: 'border.add', a: pier, b: shed });
  const door = t.ok(GM, { type: 'border.add', a: shed, b: roof }).borderId!;
  const locked = t.ok(GM, {
    type: 'aspect.add',
    kind: 'situation',
    text: 'Locked Iron Door',
    place: door,
    freeInvokes: 1,
  }).aspectId!;
  return { ...s, pier, shed, roof, far, door, locked };
}

/** The public document's view of the table under test. */
export const view = (s: { t: TestTable }) => readTable(s.t.docs.pub);
