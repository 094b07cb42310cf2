import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Database } from '../../src/db/client'
import { openTestDatabase } from '../app'

/** Whether the PostgreSQL proofs run: they need TEST_DATABASE_URL (a real server to crash on). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/**
 * A scratch PostgreSQL database and data directory for a proof that runs a real server process,
 * made before the file's tests and dropped after them (nothing on PGlite). Read its fields inside
 * the tests, once `beforeAll` has filled them.
 */
export function scratchPostgres(prefix: string) {
  const scratch = {} as { database: Database; url: string; dataDir: string }
  let drop: () => Promise<void> = async () => {}
  beforeAll(async () => {
    if (!onPostgres) return
    const opened = await openTestDatabase()
    scratch.database = opened.database
    scratch.url = opened.url!
    drop = opened.drop
    scratch.dataDir = mkdtempSync(path.join(os.tmpdir(), prefix))
  })
  afterAll(async () => {
    if (!onPostgres) return
    await scratch.database.close()
    await drop()
    rmSync(scratch.dataDir, { recursive: true, force: true })
  })
  return scratch
}
