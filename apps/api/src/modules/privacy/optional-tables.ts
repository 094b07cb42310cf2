import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'

/**
 * Tables another module may add (the grievances module's tickets): the export and the deletion
 * use them when they exist, and depend on nothing of them but the columns named here.
 */
export const TICKETS_TABLE = 'grievance_tickets'

/** Whether `table` exists with every one of `columns`. */
export async function hasColumns(db: Db | Tx, table: string, columns: string[]): Promise<boolean> {
  const found = await db.execute(sql`
    SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}
      AND column_name IN (${sql.join(
        columns.map((c) => sql`${c}`),
        sql`, `,
      )})`)
  return rowsOf<{ n: number }>(found)[0]?.n === columns.length
}

/** node-postgres answers `{ rows }`; PGlite too: one reader for both. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? []
}
