import * as v from 'valibot';
import * as Y from 'yjs';
import type { Actor, Refusal } from '../commands/context';
import { refuse, spectatorRefusal } from '../commands/context';
import { controls } from '../commands/access';
import { gmRoots, pubRoots } from '../doc/schema';

/**
 * Pictures at a table (maps, portraits, handouts): the bytes are stored by the server with the
 * table and served by content hash; the documents carry only the hash. This module says what
 * a hash looks like, what may be uploaded and by whom, and who may read a stored picture: the
 * server refuses by these functions and the client offers from them.
 */

/**
 * A picture's name: the SHA-256 of its largest stored variant (the re-encoded WebP), as 64
 * lowercase hex characters (the commands' `ImageHash`).
 */
export const IMAGE_HASH = /^[0-9a-f]{64}$/;

export const isImageHash = (value: unknown): value is string =>
  typeof value === 'string' && IMAGE_HASH.test(value);

/** What a picture is for: it sets who may upload it and how large it is kept. */
export const IMAGE_KINDS = ['map', 'handout', 'portrait'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const ImageKindSchema = v.picklist(IMAGE_KINDS);

/** The sizes the server keeps of a picture; a smaller one is made only when it is smaller. */
export const IMAGE_VARIANTS = ['full', 'medium', 'small'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/**
 * The limits of the picture door (docs/PROTOCOL.md, "Pictures"), one place for the server's
 * checks, the client's messages and the table file's.
 */
export const IMAGE_LIMITS = {
  /** The largest upload, bytes: a phone's photo or an exported battle map. */
  uploadBytes: 8 * 1024 * 1024,
  /**
   * The most pixels a picture may declare, checked in its header before a pixel is decoded
   * (sharp's limitInputPixels): a 48-megapixel phone photo passes, a 20000×20000 bomb does not.
   */
  inputPixels: 50_000_000,
  /** The longest side a picture may declare: a strip a million pixels long is no picture. */
  inputSide: 16_384,
  /** The long side each variant is kept at, at most, by kind (`full`), and for all (the rest). */
  fullSide: { map: 4096, handout: 4096, portrait: 1024 } satisfies Record<ImageKind, number>,
  mediumSide: 1024,
  smallSide: 256,
  /**
   * What a table's pictures may take, their largest variants added up: what a table file
   * carries of them (base64), so that any table's file stays within MAX_TABLE_FILE_BYTES.
   */
  tableBytes: 32 * 1024 * 1024,
  /** Pictures a table may keep. */
  tableCount: 200,
  /**
   * How long a stored picture that no document names is kept (from its upload, or its last
   * upload again): an upload names nothing, the command that names it comes after it, so a
   * picture is only dropped once it has had this long to be named.
   */
  unnamedGraceMs: 10 * 60_000,
} as const;

/** The long side a variant is kept at, at most. */
export function variantSide(variant: ImageVariant, kind: ImageKind): number {
  switch (variant) {
    case 'full':
      return IMAGE_LIMITS.fullSide[kind];
    case 'medium':
      return IMAGE_LIMITS.mediumSide;
    case 'small':
      return IMAGE_LIMITS.smallSide;
  }
}

/** What an upload is for: a map or a handout (the GM's), or a character's portrait. */
export interface ImagePurpose {
  kind: ImageKind;
  /** A portrait's character. */
  characterId?: string;
}

/** The character's owner as the public document says, for `imageUploadRefusal`. */
export type OwnerOf = (characterId: string) => { owner?: string | undefined } | undefined;

/** OwnerOf read from the public document itself (the server's side). */
export const ownersIn =
  (pub: Y.Doc): OwnerOf =>
  (characterId) => {
    const c = pubRoots(pub).characters.get(characterId);
    if (!(c instanceof Y.Map)) return undefined;
    const owner: unknown = c.get('owner');
    return typeof owner === 'string' ? { owner } : {};
  };

/**
 * Who may upload what: the GM anything; a seated player only a portrait of a character they
 * play; a spectator nothing. Undefined when allowed.
 */
export function imageUploadRefusal(
  actor: Actor,
  purpose: ImagePurpose,
  ownerOf: OwnerOf,
): Refusal | undefined {
  const spectator = spectatorRefusal(actor);
  if (spectator) return spectator;
  if (purpose.kind === 'portrait') {
    if (purpose.characterId === undefined) {
      return refuse('bad-request', 'A portrait names its character (characterId).');
    }
    const character = ownerOf(purpose.characterId);
    if (!character) {
      return refuse('not-found', `No character "${purpose.characterId}" at this table.`);
    }
    if (!controls(actor, character)) {
      return refuse('forbidden', 'Only the GM and its player can give a character a portrait.');
    }
    return undefined;
  }
  if (purpose.characterId !== undefined) {
    return refuse('bad-request', 'Only a portrait names a character.');
  }
  if (actor.role !== 'gm') {
    return refuse('forbidden', 'Only the GM uploads maps and handouts.');
  }
  return undefined;
}

/**
 * The pictures the public document names: the scene's map, the characters' portraits and the
 * handout shown on every screen. Every reader of the table may see these. Named fields only,
 * never any string that looks like a hash: what a player writes in an aspect opens nothing.
 */
export function pubImages(pub: Y.Doc): ReadonlySet<string> {
  const roots = pubRoots(pub);
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (isImageHash(value)) found.add(value);
  };
  add(roots.scene.get('map'));
  add((roots.meta.get('handout') as { image?: unknown } | undefined)?.image);
  roots.characters.forEach((c) => {
    if (c instanceof Y.Map) add(c.get('portrait'));
  });
  return found;
}

/** The pictures the GM's document names: its prepared handouts. */
export function gmImages(gm: Y.Doc): ReadonlySet<string> {
  const found = new Set<string>();
  gmRoots(gm).handouts.forEach((h) => {
    const image: unknown = h instanceof Y.Map ? h.get('image') : undefined;
    if (isImageHash(image)) found.add(image);
  });
  return found;
}

/**
 * Every picture the table's documents name (the public one's and the GM's prepared handouts):
 * what the table file carries, and what storage keeps when it drops pictures no one names.
 */
export function tableImages(pub: Y.Doc, gm: Y.Doc): ReadonlySet<string> {
  return new Set([...pubImages(pub), ...gmImages(gm)]);
}

/**
 * Whether a reader may see a stored picture of the table: the GM every one; a player or a
 * spectator only one the public document names (a map in play, a portrait, a pushed handout).
 * A handout the GM prepared is named only in the GM's document until it is pushed.
 */
export function imageReadable(role: Actor['role'], hash: string, pub: Y.Doc): boolean {
  return role === 'gm' || pubImages(pub).has(hash);
}
