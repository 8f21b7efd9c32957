/**
 * Saves `blob` as a file the person downloads, named `fileName`. Browsers only download from a
 * link, so one is made, clicked and dropped; the object URL is revoked once the click is
 * handled.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a downloaded file (see `downloadBlob`). */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** A file name from a character's or table's name: letters, digits and dashes, never empty. */
export function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // One dash at either end at most, after the line above.
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return stem || 'fateboard';
}
