/// <reference lib="dom" />
// Asks for the table's summary (GET /api/tables/:id, fetchSummary in src/lib/api.ts) as the
// page starts, while the client's scripts are still downloading: on a phone on a slow link the
// answer is there when they have run, not a round trip later. Only for a link's own token
// (/t/<id>#token=…, the shape src/lib/route.ts reads); fetchSummary takes the answer when it
// is for the table and the token it opens, and asks again otherwise.
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
  // The chunks the table opens with (named by the build in a meta tag: table-chunk-hints.ts)
  // start downloading now too, beside the client's own script, where the client would ask for
  // them only once it has run; its loader then finds them in the cache.
  // Not for the stream overlay (?overlay=1, src/lib/route.ts), which draws none of them.
  const overlay = new URLSearchParams(location.search).get('overlay');
  const named = document.querySelector('meta[name="fateboard-table-chunks"]');
  const hrefs = overlay === '1' || overlay === 'true' ? '' : named?.getAttribute('content');
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
})();
