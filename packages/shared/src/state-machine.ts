/**
 * One shape for every state machine in the shop (orders, returns, refunds, parcels; issue 27.3):
 * a table of named events, each with the statuses it may leave, the one it reaches and who may
 * cause it. The API moves rows only through these tables (a conditional UPDATE on `from`), the
 * web app reads them for the buttons it offers, and each table has a model test.
 */
export interface Transition<S extends string, A extends string> {
  from: readonly S[]
  to: S
  actors: readonly A[]
}

export interface StateMachine<E extends string, S extends string, A extends string> {
  /** What moves (for messages and tests): "order", "return", ... */
  readonly name: string
  readonly statuses: readonly S[]
  readonly events: readonly E[]
  readonly transitions: Readonly<Record<E, Transition<S, A>>>
}

/**
 * A machine from its table; the events keep the table's order (the first that fits wins in
 * `eventFor`). Refuses a table that names a status it does not list.
 */
export function defineMachine<E extends string, S extends string, A extends string>(
  name: string,
  statuses: readonly S[],
  transitions: Record<E, Transition<S, A>>,
): StateMachine<E, S, A> {
  const known = new Set<string>(statuses)
  const events = Object.keys(transitions) as E[]
  for (const event of events) {
    const t = transitions[event]
    for (const s of [...t.from, t.to]) {
      if (!known.has(s)) throw new Error(`${name} machine: ${event} names unknown status ${s}`)
    }
  }
  return { name, statuses, events, transitions }
}

/** Whether `event` may move a row in `from` (for `actor`, when given). */
export function canHappen<E extends string, S extends string, A extends string>(
  machine: StateMachine<E, S, A>,
  event: E,
  from: S,
  actor?: A,
): boolean {
  const t = machine.transitions[event]
  return t.from.includes(from) && (actor === undefined || t.actors.includes(actor))
}

/** The event that takes a row from `from` to `to` for `actor`, or null when none may. */
export function eventFor<E extends string, S extends string, A extends string>(
  machine: StateMachine<E, S, A>,
  from: S,
  to: S,
  actor: A,
): E | null {
  return (
    machine.events.find(
      (e) => machine.transitions[e].to === to && canHappen(machine, e, from, actor),
    ) ?? null
  )
}

/** The statuses `actor` may move a row in `from` to (what a status select or buttons offer). */
export function nextStatuses<E extends string, S extends string, A extends string>(
  machine: StateMachine<E, S, A>,
  from: S,
  actor: A,
): S[] {
  const next: S[] = []
  for (const e of machine.events) {
    const t = machine.transitions[e]
    if (canHappen(machine, e, from, actor) && !next.includes(t.to)) next.push(t.to)
  }
  return next
}

/** Statuses no event leaves: where a row's life ends. */
export function endStatuses<E extends string, S extends string, A extends string>(
  machine: StateMachine<E, S, A>,
): Set<S> {
  const left = new Set<S>(machine.events.flatMap((e) => machine.transitions[e].from))
  return new Set(machine.statuses.filter((s) => !left.has(s)))
}
