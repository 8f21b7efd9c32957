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

/**
 * Sends `command` from `page` over a raw WebSocket speaking socket.io's wire protocol by hand
 * (connect with `token`, emit "command" with an ack), as a hand-crafted client would; returns
 * the server's raw answer frame, or "timeout".
 */
export async function commandByHand(
  page: Page,
  token: string,
  command: { id: string; type: string },
): Promise<string> {
  return await page.evaluate(
    async ({ token, command }) =>
      await new Promise<string>((resolve) => {
        const ws = new WebSocket(
          `${location.origin.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
        );
        const done = (s: string) => {
          ws.close();
          resolve(s);
        };
        ws.onmessage = (e) => {
          const data = String(e.data);
          if (data.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
          else if (data.startsWith('40')) ws.send(`421${JSON.stringify(['command', command])}`);
          else if (data.startsWith('44')) done(data);
          else if (data.startsWith('431')) done(data);
          else if (data === '2') ws.send('3');
        };
        setTimeout(() => done('timeout'), 8000);
      }),
    { token, command },
  );
}
