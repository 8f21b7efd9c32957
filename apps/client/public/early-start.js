/// <reference lib="dom" />
// What a table's page starts as it loads, while the client's scripts are still downloading:
// on a phone on a slow link each answer is there when they have run, not round trips later.
// Only for a link's own token (/t/<id>#token=…, the shape src/lib/route.ts reads).
//
// 1. The table's summary (GET /api/tables/:id): fetchSummary in src/lib/api.ts takes the
//    answer when it is for the table and the token it opens, and asks again otherwise.
(() => {
  const match = /^\/t\/([A-Za-z0-9_-]{1,128})\/?$/.exec(location.pathname);
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (!match || !token) return;
  const response = fetch(`/api/tables/${encodeURIComponent(match[1])}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // A failure is reported by fetchSummary when it takes the answer.
  response.catch(() => {});
  Object.assign(window, { fateboardEarlySummary: { tableId: match[1], token, response } });
  // 2. The chunks the table opens with (named by the build in a meta tag: table-chunk-hints.ts)
  // start downloading now too, beside the client's own script, where the client would ask for
  // them only once it has run; its loader then finds them in the cache.
  // Not for the stream overlay (?overlay=1, src/lib/route.ts), which draws none of them.
  const overlay = new URLSearchParams(location.search).get('overlay');
  const isOverlay = overlay === '1' || overlay === 'true';
  const named = document.querySelector('meta[name="fateboard-table-chunks"]');
  const hrefs = isOverlay ? '' : named?.getAttribute('content');
  for (const href of hrefs?.split(' ') ?? []) {
    if (!/^\/assets\/[\w.-]+\.(js|css)$/.test(href)) continue;
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // As the client's loader asks for a chunk's styles (CORS mode), or it fetches them again.
      link.crossOrigin = '';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // 3. The public document's connection (y-websocket, docs/PROTOCOL.md), asking at once for
  //    the whole document: an empty state vector's sync step 1, bytes 0 0 1 0. The client's
  //    provider adopts the socket and what it heard (src/lib/early-doc.ts); a socket not
  //    adopted in 30 s is closed, so it never holds one of its person's connections for
  //    nothing. No protocol version is stated, which the server serves as its own: this
  //    script comes from the server that serves the client, and it is never reused for a
  //    reconnection.
  if (isOverlay || typeof WebSocket !== 'function') return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  /**
   * Opens `url` and leaves it on `window[name]` with what it hears, for the client to take
   * (src/lib/early-socket.ts); closed if not taken in 30 s.
   * @param {string} name
   * @param {string} url
   * @param {Uint8Array} [ask] sent on open
   */
  const openEarly = (name, url, ask) => {
    const socket = new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    /** @type {{ url: string, socket: WebSocket, heard: MessageEvent[], asked: boolean }} */
    const early = { url, socket, heard: [], asked: false };
    socket.onmessage = (event) => early.heard.push(event);
    if (ask)
      socket.onopen = () => {
        socket.send(ask);
        early.asked = true;
      };
    const holder = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window));
    setTimeout(() => {
      if (holder[name] !== early) return;
      delete holder[name];
      socket.close();
    }, 30_000);
    holder[name] = early;
  };
  openEarly(
    'fateboardEarlyDoc',
    `${scheme}//${location.host}/yjs/table/${match[1]}?token=${encodeURIComponent(token)}`,
    new Uint8Array([0, 0, 1, 0]),
  );

  // 4. The command connection: socket.io's WebSocket (engine.io; src/lib/socket-io-chunk.ts
  //    adopts it), its handshake done by the time the client's first packet, which carries
  //    the token, goes out on it. Whoever opens socket.io first on this page takes it (the
  //    commands, or a spectator's chat); not taken in 30 s (a spectator without the chat),
  //    closed.
  openEarly(
    'fateboardEarlyCommands',
    `${scheme}//${location.host}/socket.io/?EIO=4&transport=websocket`,
  );
})();
