import path from 'node:path'
import { inArray } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../client'
import { users } from '../schema'
import { DEMO_ACCOUNTS, seedDemo } from '.'

export interface StartLog {
  info(msg: string): void
  warn(msg: string): void
}

/**
 * The start's demo step (decision 38): seeds the demo in demo mode and otherwise says in the log
 * why not, and how to ask for it. Either way it warns about what makes a shop unsafe to expose:
 * the demo asked for on a public address, or demo accounts an earlier demo start left behind.
 */
export async function seedOnStart(
  db: Db,
  config: Pick<Config, 'demo' | 'dataDir' | 'marketplace' | 'settlement'>,
  log: StartLog,
): Promise<{ seeded: boolean }> {
  const { demo } = config
  if (!demo.enabled) {
    log.info(
      `Demo mode is off: ${demo.reason}. No demo accounts are seeded and payment methods without keys are not offered.`,
    )
    const left = await db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      )
    if (left.length > 0) {
      log.warn(
        `demo accounts are still in the database: ${left.map((row) => row.email).join(', ')}. They sign in with the published demo password; delete them before opening the shop to anyone.`,
      )
    }
    return { seeded: false }
  }
  if (!demo.local) {
    log.warn(
      `Demo mode is on (${demo.reason}) although other machines can reach this shop: demo accounts with the published password are seeded and the sandbox gateway takes pretend payments.`,
    )
  }
  const started = Date.now()
  const result = await seedDemo(db, {
    uploadsDir: path.join(config.dataDir, 'uploads'),
    log: (msg) => log.info(msg),
    marketplace: config.marketplace,
    settlement: config.settlement,
  })
  if (result.seeded) log.info(`demo catalog seeded in ${Date.now() - started} ms`)
  return result
}
