import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'
import { contactMessages, otpRequests, returns, sessions, subOrders } from '../../db/schema'

// Issue 30.11: a retention job removes what no longer has a purpose (old sign-up codes,
// sessions, contact messages, return photos after the return is over), with the periods in
// settings. The shop clock moves; the job runs as the worker runs it (an hourly schedule).
const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({
    deps: { now: clock.now },
    env: {
      RETENTION_OTP_MINUTES: '120',
      RETENTION_SESSION_DAYS: '2',
      RETENTION_CONTACT_MESSAGE_DAYS: '30',
      RETENTION_RETURN_PHOTO_DAYS: '10',
    },
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

describe('the retention job', () => {
  it('takes its periods from the settings', () => {
    expect(t.app.deps.config.retention).toEqual({
      otpMinutes: 120,
      sessionDays: 2,
      contactMessageDays: 30,
      returnPhotoDays: 10,
      inactiveDays: 1095,
      inactiveNoticeHours: 48,
    })
  })

  it("removes a closed return's photos after its period, and an open one's never", async () => {
    const seller = await createSeller(db())
    const item = await createProduct(db(), { sellerId: seller.id, totalStock: 5 })
    const shopper = await createShopper(db())
    const photo = async () =>
      t.app.deps.storage.put(`u/${crypto.randomUUID()}.webp`, Buffer.from('photo'), 'image/webp')
    const returnOf = async (status: 'requested' | 'qc_passed') => {
      const orderId = await buyProduct(t.app, db(), shopper, item.id)
      const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
      const photos = [await photo(), await photo()]
      const [row] = await db()
        .insert(returns)
        .values({
          orderId,
          subOrderId: part!.id,
          status,
          reason: 'damaged',
          photos,
          decideBy: clock.now(),
          updatedAt: clock.now(),
        })
        .returning()
      return { id: row!.id, photos }
    }
    const closed = await returnOf('qc_passed')
    const open = await returnOf('requested')
    const photosOf = async (id: string) =>
      (await db().select({ photos: returns.photos }).from(returns).where(eq(returns.id, id)))[0]
        ?.photos
    const stored = (urls: string[]) => Promise.all(urls.map((u) => t.app.deps.storage.exists(u)))

    await runJobs(9 * DAY)
    expect(await photosOf(closed.id)).toEqual(closed.photos)
    expect(await stored(closed.photos)).toEqual([true, true])

    await runJobs(2 * DAY)
    expect(await photosOf(closed.id)).toEqual([])
    expect(await stored(closed.photos)).toEqual([false, false])
    // The return itself stays (it is part of the order's accounts); an open one keeps its photos.
    expect(await photosOf(open.id)).toEqual(open.photos)
    expect(await stored(open.photos)).toEqual([true, true])
  })

  it('deletes sign-up codes, expired sessions and contact messages after their periods', async () => {
    const shopper = await createShopper(db())
    const [code] = await db()
      .insert(otpRequests)
      .values({
        email: 'someone@example.in',
        codeHash: 'x',
        pending: {},
        expiresAt: new Date(clock.now().getTime() + 10 * 60_000),
        createdAt: clock.now(),
      })
      .returning()
    const [session] = await db()
      .insert(sessions)
      .values({ userId: shopper.user.id, tokenHash: crypto.randomUUID(), expiresAt: clock.now() })
      .returning()
    const [message] = await db()
      .insert(contactMessages)
      .values({
        name: 'Asha',
        email: 'asha@example.in',
        subject: 'Hi',
        message: 'Hello',
        createdAt: clock.now(),
      })
      .returning()
    const exists = async () => ({
      code: (await db().select().from(otpRequests).where(eq(otpRequests.id, code!.id))).length,
      session: (await db().select().from(sessions).where(eq(sessions.id, session!.id))).length,
      message: (
        await db().select().from(contactMessages).where(eq(contactMessages.id, message!.id))
      ).length,
    })

    await runJobs(90 * 60_000)
    expect(await exists()).toEqual({ code: 1, session: 1, message: 1 })
    await runJobs(HOUR)
    expect(await exists()).toEqual({ code: 0, session: 1, message: 1 })
    await runJobs(2 * DAY)
    expect(await exists()).toEqual({ code: 0, session: 0, message: 1 })
    await runJobs(28 * DAY)
    expect(await exists()).toEqual({ code: 0, session: 0, message: 0 })
  })
})
