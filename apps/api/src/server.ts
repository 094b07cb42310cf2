import path from 'node:path'
import { Redis } from 'ioredis'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { DEMO_ACCOUNTS } from './db/seed'
import { seedOnStart } from './db/seed/on-start'
import { acquireStartupLock } from './db/startup'

/** Reads config, opens and migrates the database, seeds the demo, listens, closes gracefully. */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    poolMax: config.databasePoolMax,
    readUrl: config.databaseReadUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (err) => process.stderr.write(`database connection dropped: ${err.message}\n`),
  })
  // Processes starting together (scale-out) take turns here: the first migrates and seeds, the
  // others then find both done. Released once seeding is over, or by the process's death.
  const releaseStartupLock = await acquireStartupLock(config.databaseDirectUrl)
  await database.migrate()
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined

  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    listen: database.listen,
    readDb: database.readDb,
    redis,
  })

  const { seeded } = await seedOnStart(database.db, config, {
    info: (msg) => app.log.info(msg),
    warn: (msg) => app.log.warn(msg),
  })
  await releaseStartupLock()
  // Decision 075: without a GSP nothing verifies GSTINs, so approvals and business orders wait.
  if (!app.deps.gstn) {
    app.log.warn(
      'No GST provider (GSTN_GSP_URL, GSTN_GSP_CLIENT_ID, GSTN_GSP_CLIENT_SECRET): sellers cannot be approved and business buyers cannot order until one is set.',
    )
  }

  // The outbox's mails and provider calls, the expiry of unpaid orders and the purges.
  await app.deps.jobs.start()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, closing`)
    // Stop accepting connections, let in-flight requests finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    // Closing the app stops the job worker after the delivery under way.
    await app.close()
    await redis?.quit()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  const lines = [
    '',
    `  ${config.shopName} is running at ${config.appUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : `PostgreSQL (DATABASE_URL${database.readDb ? ', catalog reads on DATABASE_READ_URL' : ''})`}`,
  ]
  if (config.apiDocs) lines.push(`  API docs: ${config.appUrl}/api/docs`)
  if (config.demo.enabled) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}:`)
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.label.padEnd(8)} ${account.email.padEnd(20)} ${account.password}`)
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  )
  process.exit(1)
})
