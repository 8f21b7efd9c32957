import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FileJob } from './jobs';
import { runFileJob } from './jobs';

// A file worker's thread (pool.ts starts it): one job at a time, each answered with its
// result, the documents' bytes transferred rather than copied. A job that throws (a bug, not a
// bad file: interop never throws on input) is answered as such, and the thread goes on.
const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
// The lowest priority, for this thread alone (Linux keeps a nice value per thread): when the
// cores are busy, the event loop that serves every table goes first and a file waits.
try {
  setPriority(19);
} catch {
  // Not allowed here (a container without the capability): the thread runs at the default.
}
port.on('message', (job: FileJob) => {
  try {
    const answer = runFileJob(job);
    const transfer =
      answer.ok && answer.value.kind === 'restore'
        ? [
            answer.value.docs.pub.buffer,
            answer.value.docs.gm.buffer,
            answer.value.chunks.bytes.buffer,
            ...answer.value.images.map((image) => image.bytes.buffer),
          ]
        : [];
    port.postMessage({ answer }, transfer as ArrayBuffer[]);
  } catch (error) {
    port.postMessage({ crashed: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
