import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createSeller, createUser } from '../../../test/factories'
import { loadConfig } from '../../config'
import { addresses, consents, sessions, users } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { ERASED_NAME, tombstoneEmail } from './deletion'

// Issue 30.11 leftover (decision 82): shopper accounts unused for the configured period are
// erased (DPDP Rules 2025 r.8, Third Schedule: three years), after a notice mailed 48 hours
// before; what the tax law keeps stays (deletion.ts). The shop clock moves (test/clock.ts); the
// job runs as the worker runs it (an hourly schedule).
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({
    deps: { now: clock.now },
    env: { RETENTION_INACTIVE_DAYS: '30', RETENTION_INACTIVE_NOTICE_HOURS: '48' },
  })
})
afterAll(() => t.close())

const db = () => t.database.db
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The hourly schedules are due again once the clock has moved past an hour. */
async function runJobs(after: number) {
  clock.advance(after)
  await t.app.deps.jobs.drain()
}
const ago = (ms: number) => new Date(clock.now().getTime() - ms)
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]
const mailsTo = (email: string) => t.app.deps.mailer.outbox().filter((m) => m.to === email)

/** A shopper who signed up `days` ago and has done nothing since, with an address. */
async function idleShopper(days: number) {
  const user = await createUser(db(), { createdAt: ago(days * DAY) })
  await db().insert(addresses).values({
    userId: user.id,
    recipientName: user.userName,
    address: '4 Park Street',
    city: 'Kolkata',
    pincode: '700016',
    phone: '9876543210',
    notes: '',
    stateCode: '19',
  })
  await db()
    .insert(consents)
    .values({
      userId: user.id,
      purpose: 'account',
      noticeVersion: '2026-01-01',
      givenAt: ago(days * DAY),
    })
  return user
}

describe('the inactivity erasure', () => {
  it('takes its periods from the settings, three years and 48 hours by default', () => {
    expect(t.app.deps.config.retention).toMatchObject({ inactiveDays: 30, inactiveNoticeHours: 48 })
    expect(loadConfig({}).retention).toMatchObject({ inactiveDays: 1095, inactiveNoticeHours: 48 })
    // The rules' 48 hours are the least notice a setting may give.
    expect(() => loadConfig({ RETENTION_INACTIVE_NOTICE_HOURS: '24' })).toThrow()
  })

  it('mails a notice 48 hours before, then erases what deletion erases', async () => {
    const idle = await idleShopper(29)
    const recent = await idleShopper(20)
    await runJobs(HOUR)
    expect(mailsTo(recent.email)).toEqual([])
    const [notice] = mailsTo(idle.email)
    expect(notice?.subject).toMatch(/^Your .+ account will be deleted on /)
    expect(notice?.text).toContain('To keep your account, simply sign in before then')
    expect(notice?.text).toContain('Tax invoices of your past orders are kept for eight years')

    // Not before the 48 hours, and one notice only.
    await runJobs(46 * HOUR)
    expect((await userRow(idle.id))?.deletedAt).toBeNull()
    expect(mailsTo(idle.email)).toHaveLength(1)

    await runJobs(2 * HOUR)
    const erased = await userRow(idle.id)
    expect(erased).toMatchObject({
      userName: ERASED_NAME,
      email: tombstoneEmail(idle.id),
      mobile: null,
      deletedAt: clock.now(),
    })
    expect(await db().select().from(addresses).where(eq(addresses.userId, idle.id))).toEqual([])
    const [consent] = await db().select().from(consents).where(eq(consents.userId, idle.id))
    expect(consent?.withdrawnAt).toEqual(clock.now())
    // The other account's turn has not come.
    expect((await userRow(recent.id))?.deletedAt).toBeNull()
  })

  it('keeps an account whose owner signs in after the notice, and notices it again later', async () => {
    const idle = await idleShopper(31)
    await runJobs(HOUR)
    expect(mailsTo(idle.email)).toHaveLength(1)
    await runJobs(24 * HOUR)
    // Signs in, with a one-day session the retention purge deletes once it has expired.
    await createSession(db(), { userId: idle.id, days: 1, now: clock.now() })
    await runJobs(3 * DAY)
    expect(await db().select().from(sessions).where(eq(sessions.userId, idle.id))).toEqual([])
    expect((await userRow(idle.id))?.deletedAt).toBeNull()
    expect(mailsTo(idle.email)).toHaveLength(1)

    // 28 days after that sign-in (30 less the 48 hours) the next notice goes, then the erasure.
    await runJobs(25 * DAY - HOUR)
    expect(mailsTo(idle.email)).toHaveLength(1)
    await runJobs(2 * HOUR)
    expect(mailsTo(idle.email)).toHaveLength(2)
    await runJobs(49 * HOUR)
    expect((await userRow(idle.id))?.deletedAt).not.toBeNull()
  })

  it('leaves sellers and admins alone', async () => {
    const seller = await createSeller(db())
    await db()
      .update(users)
      .set({ createdAt: ago(400 * DAY) })
      .where(eq(users.id, seller.id))
    const shopper = await idleShopper(400)
    const admin = await createUser(db(), {
      role: 'admin',
      type: 'admin',
      createdAt: ago(400 * DAY),
    })
    await runJobs(HOUR)
    await runJobs(49 * HOUR)
    // The shopper beside them, as idle, is erased: the job did run.
    expect((await userRow(shopper.id))?.deletedAt).not.toBeNull()
    expect(mailsTo(seller.email)).toEqual([])
    expect((await userRow(seller.id))?.deletedAt).toBeNull()
    expect((await userRow(admin.id))?.deletedAt).toBeNull()
  })
})
