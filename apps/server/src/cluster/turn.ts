import type { HandledCommand } from '../room/group-commit';

/**
 * One command's way through the cluster against its deadline. Once handed on (to the group
 * commit, or forwarded), whoever has it answers by the deadline; before that (claiming the
 * table, loading it as its new writer), the deadline refuses it with `storage` and it is never
 * handed on afterwards, so that refusal stays true.
 */
export class Turn {
  handedOn = false;
  late = false;

  constructor(
    readonly deadline: number,
    /** The refusal of a command that came too late. */
    readonly tooLate: () => HandledCommand,
  ) {}

  within(work: Promise<HandledCommand>): Promise<HandledCommand> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          if (this.handedOn) return;
          this.late = true;
          resolve(this.tooLate());
        },
        Math.max(0, this.deadline - performance.now()),
      );
      void work.then((handled) => {
        clearTimeout(timer);
        resolve(handled);
      });
    });
  }
}
