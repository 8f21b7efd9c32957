import type { Role } from '@fateboard/table';

/** How large one awareness state may be. Ours is `{ who: { role, seatId } }`: tiny. */
export interface AwarenessStateLimits {
  /** Characters of the state's JSON text. */
  maxChars: number;
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** Keys and array items, counted over the whole state. */
  maxNodes: number;
}

/** Who a connection is, as the server knows it: the only identity presence may show. */
export interface AwarenessIdentity {
  role: Role;
  seatId?: string;
}

export type AwarenessStateCheck = { ok: true; json: string } | { ok: false; reason: string };

/** Keys that would reach an object's prototype in a careless reader. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Checks one state of an awareness update and returns the JSON to keep, with `who` set by the
 * server. Nesting is measured on the text before parsing: JSON.parse copes with 30,000 levels
 * but every JSON.stringify after it (each awareness broadcast) overflows the stack.
 */
export function checkAwarenessState(
  json: string,
  identity: AwarenessIdentity,
  limits: AwarenessStateLimits,
): AwarenessStateCheck {
  if (json.length > limits.maxChars) {
    return { ok: false, reason: `awareness state over ${limits.maxChars} characters` };
  }
  if (nesting(json) > limits.maxDepth) {
    return { ok: false, reason: `awareness state nested over ${limits.maxDepth} levels` };
  }
  let state: unknown;
  try {
    state = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'awareness state is not JSON' };
  }
  // null is how a client says it left.
  if (state === null) return { ok: true, json: 'null' };
  if (typeof state !== 'object' || Array.isArray(state)) {
    return { ok: false, reason: 'awareness state must be an object' };
  }
  const nodes = countNodes(state);
  if (nodes === 'forbidden-key') {
    return { ok: false, reason: 'awareness state has a forbidden key' };
  }
  if (nodes > limits.maxNodes) {
    return { ok: false, reason: `awareness state has over ${limits.maxNodes} entries` };
  }
  const who: AwarenessIdentity = { role: identity.role };
  if (identity.seatId !== undefined) who.seatId = identity.seatId;
  return { ok: true, json: JSON.stringify({ ...state, who }) };
}

/** The deepest nesting of brackets outside strings, in one pass over the text. */
function nesting(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Keys and items in a parsed state whose depth is already bounded. */
function countNodes(value: unknown): number | 'forbidden-key' {
  if (typeof value !== 'object' || value === null) return 0;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item: unknown): [string, unknown] => ['', item])
    : Object.entries(value);
  let count = 0;
  for (const [key, inner] of entries) {
    if (FORBIDDEN_KEYS.has(key)) return 'forbidden-key';
    const below = countNodes(inner);
    if (below === 'forbidden-key') return below;
    count += 1 + below;
  }
  return count;
}
