import * as v from 'valibot';

/**
 * Why a command was refused, as data: a reason id and its parameters, beside the refusal's
 * English `message`, so a client in another language can say it in its own words. Sent as the
 * acknowledgement's optional `reason` (docs/PROTOCOL.md); a client that does not know an id
 * falls back to a sentence for the refusal's `code`. Ids are kebab-case, parameters strings
 * or numbers (user text as it is).
 */
export type RefusalReason =
  // `not-found`: what the command names is not (or no longer) at the table.
  | { id: 'no-character' }
  | { id: 'no-aspect' }
  | { id: 'blank-aspect' }
  | { id: 'no-seat' }
  | { id: 'no-roll' }
  | { id: 'no-compel' }
  | { id: 'no-consequence' }
  | { id: 'no-countdown' }
  | { id: 'no-handout' }
  | { id: 'no-declaration' }
  | { id: 'no-note' }
  | { id: 'no-hidden' }
  | { id: 'no-help-request' }
  | { id: 'no-stress-box'; params: { name: string } }
  | { id: 'no-skill'; params: { ruleset: string } }
  // `forbidden`: someone else decides this.
  | { id: 'not-controller'; params: { name: string } }
  | { id: 'gm-says-when'; params: { name: string } }
  | { id: 'not-declarer'; params: { name: string } }
  | { id: 'own-declaration' }
  | { id: 'not-a-voter' }
  // `rules`: the game does not allow it now.
  | { id: 'ruleset-unavailable'; params: { ruleset: string } }
  | { id: 'no-consequence-bonus' }
  | { id: 'not-a-healing-roll'; params: { name: string } }
  | { id: 'healing-failed'; params: { name: string } }
  | { id: 'healing-used' }
  | { id: 'still-in-conflict'; params: { name: string } }
  | { id: 'help-opposing'; params: { name: string } }
  // `claim-needed`, `bad-claim`: a restored seat taken back without its good claim code.
  | { id: 'claim-needed'; params: { name: string } }
  | { id: 'bad-claim'; params: { name: string } }
  // `forbidden`: a helper whose player has not (or no longer) said yes.
  | { id: 'help-not-agreed'; params: { name: string } }
  // `invalid`: the command contradicts itself or the table's state.
  | { id: 'already-applied' }
  | { id: 'already-out'; params: { name: string } }
  | { id: 'note-needs-text' }
  | { id: 'too-many-handouts'; params: { max: number } }
  | { id: 'recovery-needs-consequence' }
  | { id: 'recovery-is-overcome' }
  | { id: 'recovery-alone' }
  | { id: 'rename-needs-recovery' }
  | { id: 'sheet-aspect-edit' }
  | { id: 'defender-rolls' }
  | { id: 'declaration-open' }
  | { id: 'already-voted' }
  | { id: 'vote-closed' }
  | { id: 'vote-open'; params: { count: number } }
  | { id: 'propose-first' }
  | { id: 'name-taken'; params: { name: string } }
  // The scene board. `not-found`:
  | { id: 'no-zone' }
  | { id: 'no-border' }
  // `invalid`: a layout the board does not allow, or a move that makes no sense.
  | { id: 'zone-off-board' }
  | { id: 'zone-overlap'; params: { name: string } }
  | { id: 'board-full'; params: { limit: number } }
  | { id: 'border-same-zone' }
  | { id: 'border-exists' }
  | { id: 'place-needs-situation' }
  | { id: 'place-prepared' }
  | { id: 'place-full'; params: { limit: number } }
  | { id: 'same-zone' }
  | { id: 'not-this-move' }
  | { id: 'move-roll-used' }
  | { id: 'zone-attack-alone' }
  // `rules`: an attack on everyone in a zone needs a stunt that does it [CORE-TARGET-2].
  | { id: 'zone-attack-stunt'; params: { name: string } }
  // `not-in-scene`, `unreachable`, `move-roll-failed`: the move is not the mover's to make.
  | { id: 'not-in-scene'; params: { name: string } }
  | { id: 'unreachable' }
  | { id: 'move-roll-failed' }
  /**
   * `move-needs-overcome`: roll the overcome first (`roll` with `moveTo`): its difficulty, the
   * zones crossed, and the skill (or, in narrative, the aspect) the game rolls for it.
   */
  | {
      id: 'move-needs-overcome';
      params: { difficulty: number; distance: number; roll: string };
    };

export type RefusalReasonId = RefusalReason['id'];

/**
 * A reason as the wire carries it: any id (a newer server's too), parameters as strings or
 * numbers. Anything else about it is dropped rather than refusing the acknowledgement.
 */
export const RefusalReasonSchema = v.object({
  id: v.string(),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
