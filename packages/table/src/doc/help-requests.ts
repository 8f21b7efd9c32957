import type { ActorRef } from '../log/entry';
import type { HelpAnswer, HelpRequestView } from './view-types';
import type { YMap } from './ymap';
import { addRow, num, putFields, readRows, str } from './ymap';

/**
 * A request for help as a Y.Map of the public document's `help` root: id, rollerId, skillId,
 * helperId, askedBy, answer, at. Everyone at the table sees it, as they would hear it asked
 * across the table; the answer is the helper's player's alone.
 */

const ANSWERS: readonly HelpAnswer[] = ['waiting', 'accepted', 'declined'];

export function readHelpRequest(m: YMap): HelpRequestView {
  const answer = m.get('answer');
  return {
    id: str(m, 'id'),
    rollerId: str(m, 'rollerId'),
    skillId: str(m, 'skillId'),
    helperId: str(m, 'helperId'),
    askedBy: (m.get('askedBy') as ActorRef | undefined) ?? { role: 'gm' },
    answer: ANSWERS.includes(answer as HelpAnswer) ? (answer as HelpAnswer) : 'waiting',
    at: num(m, 'at'),
  };
}

/** Every open request, oldest first. */
export function readHelpRequests(root: YMap): HelpRequestView[] {
  return readRows(root, readHelpRequest);
}

/** Writes a new request; call inside the public document's transaction. */
export function writeHelpRequest(root: YMap, request: HelpRequestView): void {
  putFields(addRow(root, request.id), request, [
    'id',
    'rollerId',
    'skillId',
    'helperId',
    'askedBy',
    'answer',
    'at',
  ]);
}

/** Deletes every request `which` picks; call inside the public document's transaction. */
export function dropHelpRequests(root: YMap, which: (request: HelpRequestView) => boolean): void {
  for (const request of readHelpRequests(root)) if (which(request)) root.delete(request.id);
}
