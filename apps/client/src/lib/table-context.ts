import { getContext, setContext } from 'svelte';
import type { TableSession } from './session.svelte';

const KEY = Symbol('table');

/** The open table, shared by every panel of the table view. */
export function setTable(session: TableSession): void {
  setContext(KEY, session);
}

export function getTable(): TableSession {
  const session = getContext<TableSession | undefined>(KEY);
  if (!session) throw new Error('getTable() outside a table view');
  return session;
}

/** The open table where there is one (a part that also shows outside the table view). */
export function findTable(): TableSession | undefined {
  return getContext<TableSession | undefined>(KEY);
}
