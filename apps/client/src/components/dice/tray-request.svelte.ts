/**
 * A roll asked for from a character sheet: a skill (or, in narrative, a rated aspect) clicked
 * on one's own sheet opens the dice tray with it chosen, as in every other Fate tool. The sheet
 * asks (`ask`), brings the Dice tab to the front on a phone, and the tray takes the request up
 * once (`take`), setting its roller and skill (`RollDraft.aim`).
 */

/** What the sheet asks the tray for. */
export interface TrayAim {
  characterId: string;
  /** A skill id, or a narrative aspect's id. */
  choiceId: string;
}

class TrayRequest {
  #pending = $state<TrayAim | null>(null);

  ask(aim: TrayAim): void {
    this.#pending = { ...aim };
  }

  /** The pending request, handed over once: the next call answers null until a new one. */
  take(): TrayAim | null {
    const aim = this.#pending;
    if (aim) this.#pending = null;
    return aim;
  }
}

export const trayRequest = new TrayRequest();

/** Asks the tray for `aim` and brings it in sight: its phone tab to the front. */
export function openTrayWith(aim: TrayAim): void {
  trayRequest.ask(aim);
  document.getElementById('tab-dice')?.click();
}
