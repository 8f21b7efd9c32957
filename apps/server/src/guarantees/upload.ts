import { request } from 'node:http';
import { gzipSync } from 'node:zlib';

// Uploads as an attacker sends them: raw bytes over a socket of their own, from a chosen
// loopback address (127.0.0.2, 127.0.0.3… are other clients to the server), gzipped or not.

export interface Uploaded {
  status: number;
  body: { code?: string; message?: string; id?: string; [key: string]: unknown };
  /** From the request's start to the answer's end. */
  ms: number;
  /** The answer's Server-Timing durations by name (`worker`, `store` on a restore), ms. */
  timing: Record<string, number>;
}

export function upload(
  url: string,
  path: string,
  body: string | Uint8Array,
  options: {
    from?: string;
    gzip?: boolean;
    token?: string;
    encoding?: string;
    /** The body's Content-Type (JSON unless said). */
    type?: string;
  } = {},
): Promise<Uploaded> {
  const bytes = options.gzip ? gzipSync(body) : Buffer.from(body);
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          'content-type': options.type ?? 'application/json',
          'content-length': bytes.length,
          ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
          ...(options.encoding ? { 'content-encoding': options.encoding } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Uploaded['body']) : {},
            ms: performance.now() - started,
            timing: serverTiming(res.headers['server-timing']),
          }),
        );
      },
    );
    // A server that answers before reading the whole body (a refusal) may close the socket
    // while the upload is still being written: the answer, if any, is what counts.
    req.on('error', (error) => reject(error));
    req.end(bytes);
  });
}

function serverTiming(header: string | string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur) out[name] = Number(dur.slice(4));
  }
  return out;
}

export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
