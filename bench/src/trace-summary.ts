// Where a page's time goes, from a Chrome trace the phone case wrote (BENCH_PHONE_PROFILE):
//   pnpm --filter @fateboard/bench trace-summary /tmp/prof/load-phone-300.trace.json
// Prints the requests and WebSockets as a waterfall (ms from navigation), then the main
// thread's busy time by kind (self time of each traced event: script, style, layout, paint,
// parsing, garbage collection) and its longest tasks.
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: Record<string, unknown>;
    beginData?: Record<string, unknown>;
  };
}

/** The kind of main-thread work an event's self time counts as. */
const KINDS: [string, RegExp][] = [
  ['script: compile and parse', /^(v8\.compile|v8\.parseOnBackground|CompileScript|CacheScript)/],
  [
    'script: run',
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.callFunction|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|v8\.run|XHRReadyStateChange|V8\.Execute)/,
  ],
  ['garbage collection', /(GC|gc)$|^(MinorGC|MajorGC|V8\.GC)/],
  [
    'style',
    /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/,
  ],
  ['layout', /^(Layout|UpdateLayout|InvalidateLayout)/],
  [
    'paint and composite',
    /^(Paint|PrePaint|Layerize|CompositeLayers|UpdateLayer|RasterTask|Commit|Decode)/,
  ],
  ['HTML parse', /^ParseHTML/],
];

/** A trace field as text ('' when it is not a string or a number). */
function str(x: unknown): string {
  return typeof x === 'string' || typeof x === 'number' ? String(x) : '';
}

function kindOf(name: string): string {
  return KINDS.find(([, re]) => re.test(name))?.[0] ?? `other (${name})`;
}

function main(file: string): void {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const threadName = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name')
      threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  // The page's renderer: the one that parsed the table's HTML (the trace also holds the
  // browser's own pages, chrome://…).
  const pageParse = events.find(
    (e) => e.name === 'ParseHTML' && /^https?:/.test(str(e.args?.beginData?.url)),
  );
  const pagePid = pageParse?.pid;
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === pagePid &&
      /^https?:/.test(str(e.args?.data?.documentLoaderURL)),
  );
  const start = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const at = (ts: number) => ((ts - start) / 1000).toFixed(0).padStart(6);

  console.log('requests (ms from navigation: sent → finished, bytes):');
  const sent = new Map<string, { url: string; ts: number }>();
  for (const e of events) {
    const d = e.args?.data ?? {};
    const id = str(d.requestId ?? d.identifier);
    if (e.name === 'ResourceSendRequest' && /^(https?|wss?):/.test(str(d.url)))
      sent.set(id, { url: str(d.url), ts: e.ts });
    if (e.name === 'ResourceFinish' && sent.has(id)) {
      const s = sent.get(id)!;
      const url = s.url.replace(/^https?:\/\/[^/]+/, '').replace(/#.*/, '');
      console.log(
        `  ${at(s.ts)} → ${at(e.ts)}  ${str(d.encodedDataLength).padStart(7)}  ${url.slice(0, 90)}`,
      );
    }
    if (/^WebSocket/.test(e.name))
      console.log(`  ${at(e.ts)}  ${e.name} ${str(d.url).replace(/\?.*/, '').slice(0, 80)}`);
  }

  // The renderer's main thread: the one named CrRendererMain with the most complete events.
  // A roll's trace parses no page: the busiest renderer's main thread is the page's then.
  const busiest = () => {
    const counts = new Map<string, number>();
    for (const e of events) {
      const k = `${e.pid}:${e.tid}`;
      if (e.ph === 'X' && threadName.get(k) === 'CrRendererMain')
        counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const mainKey = pageParse ? `${pageParse.pid}:${pageParse.tid}` : busiest();
  const onMain = events
    .filter(
      (e) =>
        `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.dur !== undefined && e.ts >= start,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; children: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= upTo) {
      const top = stack.pop()!;
      const k = top.e.name === 'RunTask' ? 'task (unattributed)' : kindOf(top.e.name);
      self.set(k, (self.get(k) ?? 0) + Math.max(0, (top.e.dur ?? 0) - top.children));
    }
  };
  const tasks: TraceEvent[] = [];
  for (const e of onMain) {
    close(e.ts);
    if (stack.length > 0) stack.at(-1)!.children += e.dur ?? 0;
    else if (e.name === 'RunTask') tasks.push(e);
    stack.push({ e, end: e.ts + (e.dur ?? 0), children: 0 });
  }
  close(Infinity);
  const busy = tasks.reduce((s, t) => s + (t.dur ?? 0), 0);
  console.log(`\nmain thread: ${(busy / 1000).toFixed(0)} ms in ${tasks.length} tasks`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 16))
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  console.log('\nlongest tasks (start ms, duration ms, what runs most in it):');
  for (const t of [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8)) {
    const inside = new Map<string, number>();
    for (const e of onMain)
      if (e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e.name !== 'RunTask')
        inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0));
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(
      `  ${at(t.ts)}  ${((t.dur ?? 0) / 1000).toFixed(0).padStart(5)}  ${top.map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`).join(', ')}`,
    );
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: trace-summary <file.trace.json>');
  process.exit(2);
}
main(file);
