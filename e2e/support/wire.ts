import type { Page } from '@playwright/test';
import { pngPicture as pngBands } from '@fateboard/server/png';

/** Every WebSocket frame a page receives, as text, from the moment it is called. */
export function recordFrames(page: Page): () => string {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
    );
  });
  return () => frames.join('\n');
}

/** A real PNG of `width`×`height` to upload as a picture (two colours in diagonal bands). */
export function pngPicture(
  width: number,
  height: number,
  a: [number, number, number],
  b: [number, number, number],
): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = pngBands(width, height, a, b);
  return { name: `picture-${width}x${height}.png`, mimeType: 'image/png', buffer };
}
