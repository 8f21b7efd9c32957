import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_LIMITS, variantSide } from '@fateboard/table';
import type { ImageKind, ImageVariant } from '@fateboard/table';
import type { ImageVariantBytes } from '../storage/image-types';

/**
 * Pictures decoded and made again (docs/PROTOCOL.md, "Pictures"), one at a time (ImageQueue in
 * http/image-routes.ts), by sharp: libvips decodes on libuv's threads, never on the event loop. An
 * upload's bytes are sniffed (PNG, JPEG or WebP only: never SVG, GIF or anything libvips
 * could otherwise open), their header read for the declared size before a pixel is decoded,
 * then decoded by sharp (libvips, on libuv's threads) and written anew as WebP without any of
 * the file's metadata, at most as large as its kind allows, with smaller copies for tokens and
 * phones. What is stored is only what this made; the picture's name is the SHA-256 of its
 * largest copy. A restored table's pictures come back through `checkStoredImage`.
 */

// One libvips thread per picture and no operation cache: a picture is decoded once, and the
// machine's other cores serve the tables.
sharp.concurrency(1);
sharp.cache(false);

/** Why a picture is refused, with the HTTP status its door answers. */
export interface ImageRefusal {
  status: 400 | 413 | 415 | 422 | 503;
  code: string;
  message: string;
}

export type MadeImage =
  { ok: true; hash: string; variants: ImageVariantBytes[] } | { ok: false; error: ImageRefusal };

type Format = 'png' | 'jpeg' | 'webp';

/** Each libvips pipeline is stopped past this (sharp's timeout), well inside a job's limit. */
const PIPELINE_SECONDS = 10;
/** WebP's quality for every stored copy: a map's lines stay crisp at a fraction of PNG's size. */
const QUALITY = 82;

const refuse = (status: ImageRefusal['status'], code: string, message: string) => ({
  ok: false as const,
  error: { status, code, message },
});

/** The format the bytes start with, by their magic numbers; never by a name or a header. */
export function sniff(bytes: Uint8Array): Format | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}

const input = (bytes: Uint8Array) =>
  sharp(bytes, { limitInputPixels: IMAGE_LIMITS.inputPixels, failOn: 'warning' }).timeout({
    seconds: PIPELINE_SECONDS,
  });

/**
 * What the header says, checked before any decoding: the format the bytes start with, one
 * frame (no animation, no pages), and no more pixels than a picture may have.
 */
async function header(bytes: Uint8Array, wanted?: Format) {
  const format = sniff(bytes);
  if (!format || (wanted && format !== wanted)) {
    return refuse(
      415,
      'unsupported-image',
      'Send a PNG, JPEG or WebP picture; other formats (SVG, GIF, HEIC…) are not taken.',
    );
  }
  let meta: Metadata;
  try {
    // The header alone, whatever size it says (no pixel limit here): judged just below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(
      400,
      'bad-image',
      'This file is not a picture that can be read: it may be damaged or cut short.',
    );
  }
  if (meta.format !== format) {
    return refuse(400, 'bad-image', 'This file does not hold the picture it starts with.');
  }
  if ((meta.pages ?? 1) > 1) {
    return refuse(
      422,
      'animated-image',
      'Animated and many-page pictures are not taken; send one still picture.',
    );
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (
    width < 1 ||
    height < 1 ||
    width * height > IMAGE_LIMITS.inputPixels ||
    Math.max(width, height) > IMAGE_LIMITS.inputSide
  ) {
    return refuse(
      422,
      'too-many-pixels',
      `This picture says it is ${width}×${height} pixels; a picture may have at most ${IMAGE_LIMITS.inputPixels / 1_000_000} million, and sides of at most ${IMAGE_LIMITS.inputSide}.`,
    );
  }
  return { ok: true as const, meta };
}

/** The WebP copy of `pipeline` and its size, in a buffer of its own (transferable). */
async function webp(
  pipeline: Sharp,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const { data, info } = await pipeline
    .webp({ quality: QUALITY, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), width: info.width, height: info.height };
}

/** The smaller copies of a stored `full` WebP: each only when the picture is larger than it. */
async function smaller(full: ImageVariantBytes, kind: ImageKind): Promise<ImageVariantBytes[]> {
  const out: ImageVariantBytes[] = [];
  for (const variant of ['medium', 'small'] as const satisfies readonly ImageVariant[]) {
    const side = variantSide(variant, kind);
    if (Math.max(full.width, full.height) <= side) continue;
    const made = await webp(input(full.bytes).resize({ width: side, height: side, fit: 'inside' }));
    out.push({ variant, ...made });
  }
  return out;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Why libvips gave up on a picture it had opened, as the door says it. */
function decodeRefusal(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) {
    return refuse(422, 'too-many-pixels', 'This picture has more pixels than a picture may have.');
  }
  if (/timeout/i.test(text)) {
    return refuse(422, 'too-slow', 'This picture took too long to read; send a simpler one.');
  }
  return refuse(
    400,
    'bad-image',
    'This picture cannot be read to its end: it may be damaged or cut short.',
  );
}

/** An uploaded picture, checked, decoded and made again; or why it is refused. */
export async function makeImage(bytes: Uint8Array, kind: ImageKind): Promise<MadeImage> {
  const head = await header(bytes);
  if (!head.ok) return head;
  try {
    const side = variantSide('full', kind);
    const made = await webp(
      input(bytes)
        // Turned upright as its EXIF says, before the EXIF goes with the rest of the metadata.
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }),
    );
    const full: ImageVariantBytes = { variant: 'full', ...made };
    return { ok: true, hash: sha256(full.bytes), variants: [full, ...(await smaller(full, kind))] };
  } catch (error) {
    return decodeRefusal(error);
  }
}

/**
 * A picture from a table file (its `full` copy as this server wrote it) checked as an upload
 * is, and more: a WebP, within its kind's size, without metadata, decoded to its end, whose
 * bytes hash to its name. Its smaller copies are made again. The bytes stored are the file's
 * own, so the name the documents give it stays true.
 */
export async function checkStoredImage(
  hash: string,
  bytes: Uint8Array,
  kind: ImageKind,
): Promise<MadeImage> {
  if (sha256(bytes) !== hash) {
    return refuse(400, 'bad-image', 'its bytes do not hash to its name');
  }
  const head = await header(bytes, 'webp');
  if (!head.ok) return head;
  const { meta } = head;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (Math.max(width, height) > variantSide('full', kind)) {
    return refuse(400, 'bad-image', `it is larger than a ${kind} is kept`);
  }
  if (meta.exif || meta.icc || meta.xmp || meta.iptc) {
    return refuse(400, 'bad-image', 'it carries metadata this server never keeps');
  }
  try {
    // Decoded to its last pixel: a damaged picture fails here, not on a screen.
    await input(bytes).stats();
    const full: ImageVariantBytes = { variant: 'full', bytes, width, height };
    return { ok: true, hash, variants: [full, ...(await smaller(full, kind))] };
  } catch (error) {
    return decodeRefusal(error);
  }
}
