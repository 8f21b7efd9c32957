import { IMAGE_LIMITS, ImageStoredSchema } from '@fateboard/table';
import type { ImagePurpose, ImageStored, ImageVariant } from '@fateboard/table';
import { i18n, params } from '../../lib/i18n';
import { readBody } from '../../lib/api';

export const messages = i18n('lib/pictures', {
  notPicture: 'Choose a PNG, JPEG or WebP picture.',
  tooLarge: params('This picture is {size} MiB; a picture may be at most {max} MiB.'),
});

/**
 * The pictures of a table (docs/PROTOCOL.md, "Pictures"): uploaded with the reader's token,
 * read back with it (an <img> cannot send one) into an object URL, kept for the page's life:
 * a picture never changes under its hash, and the browser's cache keeps its bytes too.
 */

/** The types the server takes, as a file picker's `accept`. */
export const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';

/** Why a file cannot be sent, before sending it; undefined when it may be. */
export function pictureFileProblem(file: { type: string; size: number }): string | undefined {
  if (!PICTURE_TYPES.split(',').includes(file.type)) return messages.get().notPicture;
  if (file.size > IMAGE_LIMITS.uploadBytes) {
    const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
    return messages.get().tooLarge({ size: mib(file.size), max: mib(IMAGE_LIMITS.uploadBytes) });
  }
  return undefined;
}

export async function uploadPicture(
  tableId: string,
  token: string,
  file: Blob,
  purpose: ImagePurpose,
): Promise<ImageStored> {
  const query = new URLSearchParams({ kind: purpose.kind });
  if (purpose.characterId !== undefined) query.set('character', purpose.characterId);
  const response = await fetch(
    `/api/tables/${encodeURIComponent(tableId)}/images?${query.toString()}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': file.type },
      body: file,
    },
  );
  return readBody(response, ImageStoredSchema);
}

const urls = new Map<string, Promise<string | null>>();

/** An object URL of a picture of the table (null when it cannot be read: 404, offline). */
export function pictureUrl(
  tableId: string,
  token: string,
  hash: string,
  size: ImageVariant,
): Promise<string | null> {
  const key = `${tableId}/${hash}/${size}`;
  let url = urls.get(key);
  if (!url) {
    url = fetch(
      `/api/tables/${encodeURIComponent(tableId)}/images/${encodeURIComponent(hash)}?size=${size}`,
      { headers: { authorization: `Bearer ${token}` } },
    ).then(
      async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null),
      () => null,
    );
    // A failure is not kept: the picture may become readable (a handout pushed) or the
    // network may come back.
    void url.then((u) => {
      if (u === null) urls.delete(key);
    });
    urls.set(key, url);
  }
  return url;
}
