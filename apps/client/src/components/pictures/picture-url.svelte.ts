import type { ImageVariant } from '@fateboard/table';
import type { TableSession } from '../../lib/session.svelte';
import { pictureUrl } from './pictures';

/**
 * The object URL of a picture of the table, read again whenever `get` names another one; null
 * while it loads, when there is none, or when it cannot be read. Call while a component is
 * initialised (it holds an effect).
 */
export function pictureOf(
  get: () => { session: TableSession; hash: string | undefined; size: ImageVariant },
): { readonly url: string | null } {
  let url = $state<string | null>(null);
  $effect(() => {
    const { session, hash, size } = get();
    let current = true;
    url = null;
    if (hash) {
      void pictureUrl(session.tableId, session.token, hash, size).then((u) => {
        if (current) url = u;
      });
    }
    return () => {
      current = false;
    };
  });
  return {
    get url() {
      return url;
    },
  };
}
