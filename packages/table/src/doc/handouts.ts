import type { HandoutView } from './view-types';
import type { YMap } from './ymap';
import { addRow, num, putFields, readRows, str } from './ymap';

/**
 * A prepared handout as a Y.Map of the GM document's `handouts`: id, image (its picture's
 * hash), title, at. The one shown to everyone is the public `meta.handout`, a plain JSON copy
 * ({ id, image, title, at }, `at` the time it was pushed), as `meta.spotlight` is an aspect's.
 */

export function readHandouts(root: YMap): HandoutView[] {
  return readRows(root, (m) => ({
    id: str(m, 'id'),
    image: str(m, 'image'),
    title: str(m, 'title'),
    at: num(m, 'at'),
  }));
}

export function writeHandout(root: YMap, h: HandoutView): void {
  putFields(addRow(root, h.id), h, ['id', 'image', 'title', 'at']);
}
