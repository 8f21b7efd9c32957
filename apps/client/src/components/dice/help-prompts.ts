import type { HelpRequestView, TableView } from '@fateboard/table';
import { answersFor, type Me } from '../shell/needs';

/**
 * The requests for help a person answers [CORE-TEAMWORK-1]: those asking a character they play
 * (the GM: an NPC or a character without a player), still waiting or already accepted (a yes
 * can be taken back until the roll). A declined one is gone from their screen: the roller may
 * ask again, which puts a new question there.
 */
export interface HelpPrompt {
  request: HelpRequestView;
  helper: string;
  roller: string;
  /** Who asked: a seat's name, or null for the GM. */
  asker: string | null;
}

export function helpPrompts(view: TableView, me: Me): HelpPrompt[] {
  const byId = new Map(view.characters.map((c) => [c.id, c]));
  return view.help.flatMap((request) => {
    const helper = byId.get(request.helperId);
    const roller = byId.get(request.rollerId);
    if (!helper || !roller || request.answer === 'declined' || !answersFor(me, helper)) return [];
    const seatId = request.askedBy.seatId;
    const asker =
      request.askedBy.role === 'gm'
        ? null
        : (view.seats.find((s) => s.id === seatId)?.name ?? null);
    return [{ request, helper: helper.name, roller: roller.name, asker }];
  });
}
