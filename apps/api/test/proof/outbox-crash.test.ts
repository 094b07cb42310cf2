import { createServer, type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { orders, outbox } from '../../src/db/schema'
import { onPostgres, scratchPostgres } from './scratch-postgres'
import { createSeller } from '../factories'
import { startSmtpServer } from '../smtp'
import { checkout, makeRun, ShopProcess } from './crash-harness'

/**
 * The outbox across a crash, with a real server process: orders are placed while the mail server
 * is down (their confirmations fail and wait to be retried), the process is SIGKILLed, the mail
 * server comes back, the shop starts again, and every confirmation arrives exactly once, named
 * by its outbox item. PostgreSQL only, like the other crash proofs (decision 30).
 */
const PORT = Number(process.env.OUTBOX_CRASH_PORT ?? 3232)
const ORDERS = 6

const scratch = scratchPostgres('tb-outbox-crash-')

/** A loopback port nobody listens on (yet): the mail server that is down. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

describe.skipIf(!onPostgres)('the outbox across a SIGKILL', () => {
  it('delivers every confirmation queued before the crash once the mail server is back', async () => {
    const smtpPort = await freePort()
    const server = new ShopProcess(PORT, {
      NODE_ENV: 'test',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'fatal',
      APP_URL: 'http://shop.test',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      JOBS_POLL_MS: '100',
      OUTBOX_RETRY_BASE_MS: '100',
      OUTBOX_RETRY_MAX_MS: '300',
      OUTBOX_LEASE_SECONDS: '2',
    })
    const seller = await createSeller(scratch.database.db)
    const run = await makeRun(scratch.database.db, seller.id, 1, ORDERS)
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
    try {
      await server.start()
      for (const buyer of run.buyers) {
        const placed = await checkout(server.baseUrl, { ...buyer, method: 'COD' })
        expect(placed === 'lost' ? 'lost' : placed.status, server.log()).toBe(201)
      }
      // Committed, and tried at least once against the closed port: pending, not lost.
      // The order's SMS (decision 093) go out through the demo log and are done at once: only
      // the mails wait for the mail server.
      const mails = () => scratch.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'))
      await until('every confirmation to be tried and refused', async () => {
        const rows = await mails()
        return rows.length === ORDERS && rows.every((r) => r.status === 'pending' && r.attempts > 0)
      })
      await server.kill()
      smtp = await startSmtpServer({ port: smtpPort })
      await server.start()
      await until('every confirmation to arrive', () => smtp!.received.length >= ORDERS)
      // A little longer: a duplicate would arrive now.
      await sleep(1_000)
      expect(smtp.received).toHaveLength(ORDERS)
      const items = await mails()
      expect(items.every((item) => item.status === 'done')).toBe(true)
      const messageIds = smtp.received.map(
        (m) => /^Message-ID: <([^@]+)@shop\.test>/im.exec(m.raw)?.[1],
      )
      expect(messageIds.sort()).toEqual(items.map((item) => item.id).sort())
      const numbers = (
        await scratch.database.db.select({ n: orders.orderNumber }).from(orders)
      ).map((o) => `TB-${o.n}`)
      for (const number of numbers) {
        expect(smtp.received.filter((m) => m.raw.includes(number))).toHaveLength(1)
      }
    } finally {
      await server.kill()
      await smtp?.close()
    }
  }, 120_000)
})
