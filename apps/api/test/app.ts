import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import type { RouteOptions } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../src/app'
import type { App, AppDeps } from '../src/app-types'
import { loadConfig, type Config } from '../src/config'
import { openDatabase, type Database, type Db } from '../src/db/client'
import type { CatalogReads } from '../src/lib/catalog-reads'

export interface TestContext {
  app: App
  database: Database
  dataDir: string
  close(): Promise<void>
}

/**
 * A fresh database for one test file: a copy of the migrated PGlite template, or, when
 * TEST_DATABASE_URL is set, a scratch database on that PostgreSQL server (dropped at close),
 * reached through TEST_POOLER_URL's pooler when that is set too.
 */
export async function openTestDatabase(): Promise<{
  database: Database
  drop(): Promise<void>
  /** The scratch database's address (PostgreSQL only), for a second connection to it. */
  url?: string
}> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const template = readFileSync(inject('pgliteTemplate'))
    const pglite = await PGlite.create({
      loadDataDir: new Blob([template]),
      extensions: { pg_trgm },
    })
    return { database: await openDatabase({ pglite }), drop: async () => {} }
  }
  const name = `tb_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // TEST_POOLER_URL: the same server through a pooler in transaction mode (PgBouncer), which the
  // queries go through while migrations and LISTEN go straight to the server (docs/deploy.md).
  const pooler = process.env.TEST_POOLER_URL ? new URL(process.env.TEST_POOLER_URL) : undefined
  if (pooler) pooler.pathname = `/${name}`
  const database = await openDatabase({
    databaseUrl: (pooler ?? url).toString(),
    directUrl: url.toString(),
  })
  await database.migrate()
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** A test shop's configuration, with its files in `dataDir`; `env` adds or overrides settings. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Scheduled payout runs would start in any test whose clock sits in a run's slot; the
      // payout tests turn them on when they test the schedule.
      PAYOUT_SCHEDULE: 'off',
      // Tests change accounts in the database directly and act as them at once; another process
      // (as a test's own writes are to the app) is told milliseconds later (decision 100). The
      // session cache's proofs, and the load proofs, turn it on.
      SESSION_CACHE_SECONDS: '0',
      ...env,
    }),
    // Pages come as the plain app shell unless a test brings a renderer (plugins/web.test.ts).
    webSsrEntry: path.join(dataDir, 'no-renderer.js'),
  }
}

export async function createTestApp(
  opts: {
    env?: Record<string, string>
    config?: Partial<Config>
    deps?: Partial<Pick<AppDeps, 'now' | 'mailer' | 'sms' | 'counters' | 'redis'>>
    /** Where catalog reads go, given the test database (default: all to it, no replica). */
    catalogReads?: (primary: Db) => CatalogReads
    /** Extra routes a test needs (registered before the app is ready). */
    routes?: (app: App) => void
    /** Called with every route as it is registered (the security suites list them all). */
    onRoute?: (route: RouteOptions) => void
    /** Turns the logger on (at LOG_LEVEL, given in `env`) and sends its lines here. */
    logStream?: NodeJS.WritableStream
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-test-'))
  const { database, drop } = await openTestDatabase()
  const config = { ...testConfig(dataDir, opts.env), ...opts.config }
  const app = await buildApp(
    {
      config,
      db: database.db,
      dbKind: database.kind,
      listen: database.listen,
      catalogReads: opts.catalogReads?.(database.db),
      ...opts.deps,
    },
    { logger: Boolean(opts.logStream), logStream: opts.logStream, onRoute: opts.onRoute },
  )
  opts.routes?.(app)
  await app.ready()
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close()
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
