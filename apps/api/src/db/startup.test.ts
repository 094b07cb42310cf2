import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { users } from './schema'
import { DEMO_ACCOUNTS, seedDemo } from './seed'
import { acquireStartupLock, migrationsApplied } from './startup'
import { loadConfig } from '../config'

const serverUrl = process.env.TEST_DATABASE_URL

/** An empty scratch database on the test server; dropped after the file. */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tb_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

describe('acquireStartupLock on the embedded database', () => {
  it('has nothing to wait for (PGlite belongs to one process)', async () => {
    const release = await acquireStartupLock(undefined)
    await expect(release()).resolves.toBeUndefined()
  })
})

describe.skipIf(!serverUrl)('two API processes starting on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  let uploadsDir: string
  beforeAll(async () => {
    scratch = await scratchDatabase()
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'tb-startup-'))
  })
  afterAll(async () => {
    await scratch?.drop()
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true })
  })

  it('makes the second wait until the first releases the lock', async () => {
    const first = await acquireStartupLock(scratch.url)
    let secondHasIt = false
    const second = acquireStartupLock(scratch.url).then((release) => {
      secondHasIt = true
      return release
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(secondHasIt).toBe(false)
    await first()
    const releaseSecond = await second
    expect(secondHasIt).toBe(true)
    await releaseSecond()
  })

  it('migrates and seeds once when both start at the same moment', async () => {
    // What server.ts does between opening the database and building the app, twice at once.
    const start = async () => {
      const database = await openDatabase({ databaseUrl: scratch.url })
      try {
        const release = await acquireStartupLock(scratch.url)
        await database.migrate()
        const { seeded } = await seedDemo(database.db, {
          uploadsDir,
          log: () => {},
          marketplace: loadConfig({}).marketplace,
          settlement: loadConfig({}).settlement,
        })
        await release()
        return seeded
      } finally {
        await database.close()
      }
    }
    const outcomes = await Promise.all([start(), start()])
    expect(outcomes.sort()).toEqual([false, true])

    const database = await openDatabase({ databaseUrl: scratch.url })
    try {
      expect(await migrationsApplied(database.db)).toBe(true)
      const migrations = await database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct_n
            from drizzle.__drizzle_migrations`,
      )
      const [counts] = (migrations as unknown as { rows: { n: number; distinct_n: number }[] }).rows
      expect(counts!.n).toBe(counts!.distinct_n)
      const emails = (await database.db.select({ email: users.email }).from(users)).map(
        (u) => u.email,
      )
      expect(emails.length).toBe(new Set(emails).size)
      for (const account of DEMO_ACCOUNTS) expect(emails).toContain(account.email)
    } finally {
      await database.close()
    }
  }, 120_000)
})
