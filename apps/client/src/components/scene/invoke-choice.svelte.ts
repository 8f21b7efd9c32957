import type { RollView, TableView } from '@fateboard/table';

/** An aspect one could invoke on a roll, with the free invokes the invoking side holds on it. */
export interface InvokeTarget {
  key: string;
  ref: { aspectId: string; characterId?: string };
  text: string;
  free: number;
}

/**
 * Everything one could invoke: the scene's aspects, every sheet aspect and every consequence
 * taken, those where `holder` (a seat id, or `gm`) has free invokes first.
 */
export function invokeTargets(view: TableView, holder: string): InvokeTarget[] {
  const list: InvokeTarget[] = view.aspects.map((a) => ({
    key: a.id,
    ref: { aspectId: a.id },
    text: a.text,
    free: a.freeInvokes[holder] ?? 0,
  }));
  for (const c of view.characters) {
    for (const a of c.aspects) {
      if (!a.text) continue;
      list.push({
        key: `${c.id}/${a.id}`,
        ref: { aspectId: a.id, characterId: c.id },
        text: `${a.text} (${c.name})`,
        free: c.freeInvokes[a.id]?.[holder] ?? 0,
      });
    }
    for (const s of c.consequences) {
      if (!s.taken) continue;
      list.push({
        key: `${c.id}/${s.id}`,
        ref: { aspectId: s.id, characterId: c.id },
        text: `${s.taken.text} (${c.name})`,
        free: c.freeInvokes[s.id]?.[holder] ?? 0,
      });
    }
  }
  return list.sort((a, b) => b.free - a.free);
}

export type Pay = 'free' | 'fate-point';
type Side = 'actor' | 'opposition';

/** What the invoke controls of one roll card read: the table, the roll, who the person plays. */
export interface InvokeContext {
  view: TableView;
  roll: RollView;
  controls: (characterId: string | undefined) => boolean;
  /** The person is the GM: they may raise a passive difficulty [CORE-INVOKE-2]. */
  gm?: boolean;
}

/**
 * The invoke controls of a roll card: which side invokes, which aspect, and how to pay. What the
 * person picked is kept as picked; where it no longer fits (the aspect is gone, the free invokes
 * spent) the choice falls back to the default — the side they play, the aspect with the most
 * free invokes, a free invoke when there is one — without writing over the pick.
 */
export class InvokeChoice {
  pickedSide = $state<Side | null>(null);
  pickedKey = $state('');
  /** The payment picked, for the aspect it was picked for. */
  pickedPay = $state<{ key: string; pay: Pay } | null>(null);

  constructor(private readonly context: () => InvokeContext) {}

  get #c(): InvokeContext {
    return this.context();
  }

  /** The actor's side by default; the defender's when the person plays only the defender. */
  get side(): Side {
    const { roll, controls } = this.#c;
    if (!roll.opposition) {
      return this.pickedSide === 'opposition' && this.mayRaise ? 'opposition' : 'actor';
    }
    if (this.pickedSide) return this.pickedSide;
    return !controls(roll.actor.characterId) && controls(roll.opposition.characterId)
      ? 'opposition'
      : 'actor';
  }
  set side(side: Side) {
    this.pickedSide = side;
  }

  /**
   * The GM may invoke against a roll's passive difficulty (a border aspect against a moving
   * overcome), from the GM's free invokes or pool [CORE-INVOKE-2].
   */
  get mayRaise(): boolean {
    const { roll, gm } = this.#c;
    return gm === true && !roll.opposition && roll.difficulty !== undefined;
  }

  /** The invoke raises the passive difficulty rather than helping a character's roll. */
  get raisesDifficulty(): boolean {
    return this.side === 'opposition' && !this.#c.roll.opposition;
  }

  /** The character whose side invokes. */
  get invoker() {
    const { view, roll } = this.#c;
    const id = this.side === 'actor' ? roll.actor.characterId : roll.opposition?.characterId;
    return view.characters.find((c) => c.id === id);
  }

  /** Whose free invokes count: the invoker's player, or the GM for an NPC or an unclaimed one. */
  get holder(): string {
    const c = this.invoker;
    return c && !c.npc && c.owner ? c.owner : 'gm';
  }

  // Every aspect of the table, read by the pick, the payment and the list: built once per change.
  readonly targets: InvokeTarget[] = $derived.by(() => invokeTargets(this.#c.view, this.holder));

  get targetKey(): string {
    const targets = this.targets;
    return targets.some((t) => t.key === this.pickedKey) ? this.pickedKey : (targets[0]?.key ?? '');
  }
  set targetKey(key: string) {
    this.pickedKey = key;
  }

  get target(): InvokeTarget | undefined {
    const key = this.targetKey;
    return this.targets.find((t) => t.key === key);
  }

  get pay(): Pay {
    const target = this.target;
    const free = (target?.free ?? 0) > 0;
    const picked = this.pickedPay?.key === target?.key ? this.pickedPay?.pay : undefined;
    if (picked === 'fate-point' || (picked === 'free' && free)) return picked;
    return free ? 'free' : 'fate-point';
  }
  set pay(pay: Pay) {
    this.pickedPay = { key: this.targetKey, pay };
  }

  /** A free invoke held, or a point to spend: the character's, or the GM pool for an NPC. */
  get canPay(): boolean {
    if (this.pay === 'free') return (this.target?.free ?? 0) > 0;
    const c = this.invoker;
    if (this.raisesDifficulty) return this.#c.view.gmPool > 0;
    return c?.npc ? this.#c.view.gmPool > 0 : (c?.fatePoints ?? 0) > 0;
  }
}
