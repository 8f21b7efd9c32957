import * as Y from 'yjs';
import type { HandoutView } from './view-types';
import type { YMap } from './ymap';
import { num, str } from './ymap';

/**
 * A prepared handout as a Y.Map of the GM document's `handouts`: id, image (its picture's
 * hash), title, at. The one shown to everyone is the public `meta.handout`, a plain JSON copy
 * ({ id, image, title, at }, `at` the time it was pushed), as `meta.spotlight` is an aspect's.
 */

export function readHandouts(root: Y.Map<unknown>): HandoutView[] {
  const out: HandoutView[] = [];
  root.forEach((value) => {
    if (!(value instanceof Y.Map)) return;
    const m = value as YMap;
    out.push({
      id: str(m, 'id'),
      image: str(m, 'image'),
      title: str(m, 'title'),
      at: num(m, 'at'),
    });
  });
  return out.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function writeHandout(root: Y.Map<unknown>, h: HandoutView): void {
  const m = new Y.Map<unknown>();
  root.set(h.id, m);
  m.set('id', h.id);
  m.set('image', h.image);
  m.set('title', h.title);
  m.set('at', h.at);
}
