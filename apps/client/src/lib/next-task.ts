/**
 * Resolves in a later task of the page, so that the work after it is not part of the task
 * running now: the browser may paint, and handle input, in between. A phone at 4x slowdown
 * turns a table's first draw into one task of several hundred milliseconds otherwise.
 * `scheduler.yield()` (Chromium) resumes ahead of other queued tasks; elsewhere a message
 * to a channel of our own (a zero timeout may be clamped to 4 ms or more).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
