import { nextTask } from './next-task';

/**
 * Turns `done` true in the task after a component's first draw (lib/next-task.ts), so that
 * what it guards is drawn then and not in the same task: a slow phone paints, and handles a
 * tap, in between. Made while a component initialises (it runs an effect); a component gone
 * before then is left alone.
 */
export class AfterFirstDraw {
  done = $state(false);

  constructor() {
    $effect(() => {
      let live = true;
      void nextTask().then(() => {
        if (live) this.done = true;
      });
      return () => (live = false);
    });
  }
}
