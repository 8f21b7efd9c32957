import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// The built client's scripts and styles, compressed. A phone on a slow link downloads them
// before it can show a table: uncompressed they are about three times the bytes (some 460 KB
// against 135 KB gzipped, over two seconds at 1.6 Mbit/s). Vite names every file under
// /assets by its content, so each is compressed once, on its first request, kept for the
// life of the process and may be cached by browsers for good. Everything else (index.html,
// a file that is not there, a client that accepts neither encoding) goes on to
// express.static.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** One /assets file name: no slash, so no way out of the folder. */
const ASSET = /^\/assets\/([\w-][\w.-]*)$/;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to send, from the request's Accept-Encoding (brotli first); null: neither. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Serves `dir`/assets/* compressed to browsers that accept it; the rest falls through. */
export function compressedAssets(dir: string): RequestHandler {
  // At most the files a build has: a name that is not one is never read, so never kept.
  const cache = new Map<string, Promise<Compressed | null>>();
  const load = async (name: string): Promise<Compressed | null> => {
    const file = join(dir, 'assets', name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          // Quality 5: within 8% of the best (11) at a twenty-fifth of its time, so the
          // first request of a chunk waits milliseconds, not half a second.
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipped(body, { level: 9 }),
    ]);
    return { br, gzip: gz };
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = ASSET.exec(req.path)?.[1];
    const type = name ? TYPES[extname(name)] : undefined;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    res.vary('Accept-Encoding');
    if (!name || !type || !encoding) return next();
    let entry = cache.get(name);
    if (!entry) {
      entry = load(name).catch(() => null);
      void entry.then((found) => {
        if (!found) cache.delete(name);
      });
      cache.set(name, entry);
    }
    entry.then((found) => {
      if (!found) return next();
      const body = found[encoding];
      res.set({
        'Content-Type': type,
        'Content-Encoding': encoding,
        'Content-Length': String(body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.status(200).end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}
