/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';

/**
 * One browser page of the phone case, as a person on that device would have it: a fresh
 * context (nothing cached, nothing saved), the device's screen, its CPU slowed with CDP
 * `Emulation.setCPUThrottlingRate` and its HTTP with `Network.emulateNetworkConditions`
 * (the WebSocket frames are slowed by the bench's proxy, latency-proxy.ts). A script added
 * before the page's own records, in page time: the long tasks, when the table is drawn, when
 * the Roll button is enabled, and when each roll card and roll feed row is added.
 */
export interface Device {
  name: 'phone' | 'desk';
  viewport: { width: number; height: number };
  mobile: boolean;
  /** CPU slowdown (1: none). */
  cpu: number;
  /** HTTP as Chromium emulates it; undefined: loopback speed. */
  network?: { latencyMs: number; downBytesPerSecond: number; upBytesPerSecond: number };
}

/** A mid-range phone on a slow mobile link (Lighthouse's mobile profile). */
export const PHONE: Device = {
  name: 'phone',
  viewport: { width: 390, height: 844 },
  mobile: true,
  cpu: 4,
  network: { latencyMs: 150, downBytesPerSecond: 1_600_000 / 8, upBytesPerSecond: 750_000 / 8 },
};

/** A laptop on a good line: this machine's speed. */
export const DESK: Device = {
  name: 'desk',
  viewport: { width: 1280, height: 800 },
  mobile: false,
  cpu: 1,
};

/** What a profiled load or roll traces: the Performance panel's own categories. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** What the script in the page records (window.__bench). */
interface PageRecord {
  longTasks: [number, number][];
  marks: { drawn?: number; usable?: number };
  /**
   * Epoch ms at which a roll card was added / a feed row's result shown, and at the next frame.
   * A new roll's row comes with its card, its result hidden (class `landing`) until the card's
   * dice are down: the row counts when its result shows.
   */
  cards: [number, number][];
  feedRows: [number, number][];
  watch: boolean;
}

const INIT = `(() => {
  const b = { longTasks: [], marks: {}, cards: [], feedRows: [], watch: false };
  window.__bench = b;
  const epoch = () => performance.timeOrigin + performance.now();
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const stamp = (into) => {
    const at = epoch();
    requestAnimationFrame(() => into.push([at, epoch()]));
  };
  const check = () => {
    if (b.marks.drawn === undefined && document.querySelector('.shell main')) {
      b.marks.drawn = performance.now();
    }
    if (b.marks.usable === undefined) {
      const button = document.querySelector('form[aria-label="Roll the dice"] button[type=submit]');
      if (button && !button.disabled) b.marks.usable = performance.now();
    }
  };
  const has = (node, selector) =>
    node.nodeType === 1 && (node.matches(selector) || node.querySelector(selector) !== null);
  new MutationObserver((records) => {
    check();
    if (!b.watch) return;
    for (const r of records) {
      if (r.type === 'attributes') {
        const row = r.target;
        if (r.attributeName === 'class' && row.matches('[data-testid=feed-roll]') &&
            r.oldValue?.includes('landing') && !row.classList.contains('landing')) stamp(b.feedRows);
        continue;
      }
      for (const n of r.addedNodes) {
        if (has(n, '[data-testid=roll-card]')) stamp(b.cards);
        if (has(n, '[data-testid=feed-roll]:not(.landing)')) stamp(b.feedRows);
      }
    }
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['disabled', 'class'],
  });
})();`;

/** Where profiles go (`BENCH_PHONE_PROFILE`), and whether they sample the CPU too. */
export interface Profiling {
  dir: string;
  cpu: boolean;
}

export class BenchPage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly device: Device,
  ) {}

  static async open(browser: Browser, device: Device): Promise<BenchPage> {
    const context = await browser.newContext({
      viewport: device.viewport,
      isMobile: device.mobile,
      hasTouch: device.mobile,
      deviceScaleFactor: device.mobile ? 3 : 1,
      locale: 'en-US',
    });
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (device.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpu });
    if (device.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: device.network.latencyMs,
        downloadThroughput: device.network.downBytesPerSecond,
        uploadThroughput: device.network.upBytesPerSecond,
      });
    }
    return new BenchPage(context, page, cdp, device);
  }

  record(): Promise<PageRecord> {
    return this.page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench);
  }

  /** Main-thread busy time so far, ms (CDP Performance.getMetrics TaskDuration). */
  async busyMs(): Promise<number> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  }

  /** Heap in use after a full collection, bytes, and the number of DOM elements. */
  async heap(): Promise<{ heapBytes: number; elements: number }> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await this.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const elements = await this.page.evaluate(() => document.getElementsByTagName('*').length);
    return { heapBytes: usedSize, elements };
  }

  /** Whether the running profile samples the CPU (startProfile's `cpu`). */
  private sampling = false;

  /**
   * Starts a trace of the page (its network requests, WebSockets, script, style, layout and
   * paint: read it with trace-summary.ts or in DevTools' Performance panel) and, with `cpu`,
   * Chrome's CPU profiler (sampling every 200 µs of page time). The profiler slows the page's
   * script about twice on the slowed phone: a trace alone gives the truer split between
   * script and the browser's own frames.
   */
  async startProfile(cpu = true): Promise<void> {
    await this.context.browser()?.startTracing(this.page, { categories: TRACE_CATEGORIES });
    this.sampling = cpu;
    if (!cpu) return;
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await this.cdp.send('Profiler.start');
  }

  /**
   * Stops both; writes `dir/name.trace.json` and, if sampled, `dir/name.cpuprofile` (open
   * either in DevTools). Answers the profile's file, or the trace's without one.
   */
  async stopProfile(dir: string, name: string): Promise<string> {
    mkdirSync(dir, { recursive: true });
    const traceFile = join(dir, `${name}.trace.json`);
    let file = traceFile;
    if (this.sampling) {
      const { profile } = (await this.cdp.send('Profiler.stop')) as { profile: unknown };
      file = join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
    }
    const trace = await this.context.browser()?.stopTracing();
    if (trace) writeFileSync(traceFile, trace);
    return file;
  }

  /** Waits until the page holds `selector` (polling on animation frames costs the page little). */
  async waitFor(selector: string, timeout = 60_000): Promise<void> {
    await this.page.waitForSelector(selector, { state: 'attached', timeout });
  }

  /**
   * Presses what `target` finds as its person would: a tap on a phone (touch leaves no mouse
   * resting over the page), a click on a desk. A mouse left where a phone's click put it made
   * the page redo hover and lay out again whenever a roll moved the rows under it: a frame a
   * phone never draws.
   */
  async press(target: string | Locator): Promise<void> {
    const locator = typeof target === 'string' ? this.page.locator(target) : target;
    if (this.device.mobile) await locator.tap();
    else await locator.click();
  }

  /** Clicks `button` and answers how long, in page time, until `list` changed and was drawn. */
  clickUntilChanged(button: string, list: string): Promise<number> {
    return this.page.evaluate(
      ([buttonSelector, listSelector]) =>
        new Promise<number>((resolve, reject) => {
          const target = document.querySelector(listSelector!);
          const control = document.querySelector<HTMLButtonElement>(buttonSelector!);
          if (!target || !control) {
            reject(new Error(`no ${!target ? listSelector : buttonSelector}`));
            return;
          }
          const started = performance.now();
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          });
          observer.observe(target, { childList: true, subtree: true, characterData: true });
          control.click();
        }),
      [button, list],
    );
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
