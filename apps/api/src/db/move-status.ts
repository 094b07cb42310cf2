import type { StateMachine } from '@techbazaar/shared'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Tx } from './client'

/** A table whose rows one state machine moves: an `id` and a `status` column. */
type MachineTable = PgTable & { id: PgColumn; status: PgColumn }

/**
 * The one way a return, a refund or a parcel changes status (issue 27.3): `event` of its machine
 * (packages/shared), as one conditional UPDATE on the event's `from` statuses, with whatever else
 * the step writes. Two movers racing make one move and a replay makes none: the answer is the
 * moved row, or null when the row was not in a status the event leaves (the caller decides
 * whether that is a 409 or a message to acknowledge). Who may move it is the caller's check
 * (`canHappen` with the actor), made before, with the row's order locked.
 */
export function statusMover<
  T extends MachineTable,
  E extends string,
  S extends string,
  A extends string,
>(table: T, machine: StateMachine<E, S, A>) {
  const moveWhere = statusMoverWhere(table, machine)
  return async (
    tx: Tx,
    rowId: string,
    event: E,
    set?: Omit<PgUpdateSetSource<T>, 'status'>,
  ): Promise<T['$inferSelect'] | null> =>
    (await moveWhere(tx, eq(table.id, rowId), event, set))[0] ?? null
}

/**
 * The same event for every row `where` picks (a run's payouts), as one conditional UPDATE: the
 * rows not in a status the event leaves are left as they are. Answers the rows moved.
 */
export function statusMoverWhere<
  T extends MachineTable,
  E extends string,
  S extends string,
  A extends string,
>(table: T, machine: StateMachine<E, S, A>) {
  return async (
    tx: Tx,
    where: SQL,
    event: E,
    set?: Omit<PgUpdateSetSource<T>, 'status'>,
  ): Promise<T['$inferSelect'][]> => {
    const { from, to } = machine.transitions[event]
    // Drizzle cannot see through the generic table that `status` takes one of its statuses.
    const values = { ...set, status: to } as PgUpdateSetSource<T>
    return (await tx
      .update(table)
      .set(values)
      .where(and(where, inArray(table.status, [...from])))
      .returning()) as T['$inferSelect'][]
  }
}
