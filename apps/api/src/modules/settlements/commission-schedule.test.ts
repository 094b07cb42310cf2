import type { CommissionSchedule, CommissionScheduleInput } from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createUser } from '../../../test/factories'
import { commissionRules, settlementEntries } from '../../db/schema'
import { returnsKit, type Shopper } from '../returns/fixtures'

/*
 * The admins' commission schedule editor (decision 62) through the routes: what a change must
 * look like, that it starts at its date and never before (a delivery today keeps today's rate, one
 * after the date gets the new one), and that only admins read or change it.
 */

const URL = '/api/admin/settlements/commission-rules'
// 22 Nov 2026, 15:30 IST: "tomorrow" is 23 Nov, which starts at 18:30 UTC today.
const clock = createClock(new Date('2026-11-22T10:00:00Z'))
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db
const kit = returnsKit(() => t, clock.now)

let admin = ''
let seller: Awaited<ReturnType<typeof kit.seller>>
let shopper: Shopper
let phoneId = ''

beforeAll(async () => {
  const adminUser = await createUser(db(), { role: 'admin', type: 'admin', userName: 'Asha Admin' })
  admin = await kit.cookieOf(adminUser.id)
  seller = await kit.seller()
  shopper = await kit.shopper()
  phoneId = (await kit.product(seller.user.id, 1999, 10)).id
})

const band = (
  minUnitRupees: number,
  maxUnitRupees: number | null,
  percent: number,
  closingFeeRupees = 20,
) => ({ minUnitRupees, maxUnitRupees, percent, closingFeeRupees, commissionReversedOnReturn: true })

const post = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: URL, headers: { cookie }, payload })

const ELECTRONICS_FROM_TOMORROW: CommissionScheduleInput = {
  effectiveFrom: '2026-11-23',
  category: 'electronics',
  bands: [band(0, 300, 0, 5), band(300, 12_000, 5), band(12_000, null, 9.75, 60)],
}

/** Delivers one ₹1,999 phone now; answers the part's commission entry. */
async function deliverPhone() {
  const orderId = await kit.order(shopper, [{ productId: phoneId, quantity: 1 }], 'CASHFREE')
  const [part] = await kit.partsOf(orderId)
  await kit.deliver(seller.cookie, part!.id)
  const [entry] = await db()
    .select()
    .from(settlementEntries)
    .where(
      and(eq(settlementEntries.subOrderId, part!.id), eq(settlementEntries.kind, 'commission')),
    )
  return entry!
}

describe('validation', () => {
  it('names the band and field of each mistake', async () => {
    const res = await post(admin, {
      effectiveFrom: '2026-11-23',
      category: 'electronics',
      bands: [
        band(100, 300, 0),
        band(400, 12_000, 101),
        { ...band(12_000, 20_000, 8), closingFeeRupees: -1 },
      ],
    })
    expect(res.statusCode).toBe(400)
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'bands.0.minUnitRupees',
        'bands.1.minUnitRupees',
        'bands.1.percent',
        'bands.2.closingFeeRupees',
        'bands.2.maxUnitRupees',
      ]),
    )
  })

  it('refuses an open band before the last, a bad day and three decimals', async () => {
    const res = await post(admin, {
      effectiveFrom: '2026-02-30',
      category: null,
      bands: [band(0, null, 8.125), band(300, null, 8)],
    })
    expect(res.statusCode).toBe(400)
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining(['effectiveFrom', 'bands.0.maxUnitRupees', 'bands.0.percent']),
    )
  })

  it('refuses a date in the past: a change never reprices what was settled', async () => {
    const res = await post(admin, { ...ELECTRONICS_FROM_TOMORROW, effectiveFrom: '2026-11-21' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'effectiveFrom', message: 'Choose today or a later date' },
    ])
  })
})

describe('a change from tomorrow', () => {
  it('is listed as scheduled next to the rules in force', async () => {
    const res = await post(admin, ELECTRONICS_FROM_TOMORROW)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data as CommissionSchedule
    expect(data.today).toBe('2026-11-22')
    expect(data.categories).toEqual(expect.arrayContaining(['accessories', 'electronics']))
    const electronics = data.rules.filter((r) => r.category === 'electronics')
    const scheduled = electronics.filter((r) => r.state === 'scheduled')
    expect(scheduled.map((r) => [r.minUnitRupees, r.maxUnitRupees, r.percent])).toEqual([
      [0, 300, 0],
      [300, 12_000, 5],
      [12_000, null, 9.75],
    ])
    expect(scheduled[0]!.effectiveFrom).toBe('2026-11-22T18:30:00.000Z')
    // Who scheduled it and when; the migration's default schedule was set by nobody.
    for (const r of scheduled) {
      expect(r).toMatchObject({ setBy: 'Asha Admin', setAt: clock.now().toISOString() })
    }
    expect(data.rules.filter((r) => r.category === null).map((r) => r.setBy)).toEqual(
      data.rules.filter((r) => r.category === null).map(() => null),
    )
    // Today's rules stay in force until the new ones start.
    const inForce = electronics.filter((r) => r.state === 'inForce')
    expect(inForce.length).toBeGreaterThan(0)
    expect(inForce.every((r) => r.effectiveTo === '2026-11-22T18:30:00.000Z')).toBe(true)
    // The catch-all and the other categories are untouched.
    expect(data.rules.filter((r) => r.category === null).every((r) => r.effectiveTo === null)).toBe(
      true,
    )
  })

  it('leaves a delivery today on the old rate and prices one after the date at the new', async () => {
    const today = await deliverPhone()
    expect(today).toMatchObject({ rateBp: 600, amountPaise: -11_994 })
    clock.advance(9 * 3_600_000) // 23 Nov, 00:30 IST
    const tomorrow = await deliverPhone()
    expect(tomorrow).toMatchObject({ rateBp: 500, amountPaise: -9_995 })
    expect(tomorrow.ruleId).not.toBe(today.ruleId)
  })

  it('ends, and never deletes, a rule that priced an entry; the history still shows it', async () => {
    const list = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: admin } })
    const live = (list.json().data as CommissionSchedule).rules
    expect(live.some((r) => r.state === 'ended')).toBe(false)
    const history = await t.app.inject({
      method: 'GET',
      url: `${URL}?history=true`,
      headers: { cookie: admin },
    })
    const ended = (history.json().data as CommissionSchedule).rules.filter(
      (r) => r.category === 'electronics' && r.state === 'ended',
    )
    expect(ended.map((r) => r.percent)).toEqual(expect.arrayContaining([6]))
  })
})

describe('replacing a scheduled change', () => {
  it('deletes the unused rows it replaces and starts today’s change now, not at midnight', async () => {
    const first = await post(admin, {
      effectiveFrom: '2026-12-01',
      category: 'accessories',
      bands: [band(0, null, 7)],
    })
    const firstIds = (first.json().data as CommissionSchedule).rules
      .filter((r) => r.category === 'accessories' && r.state === 'scheduled')
      .map((r) => r.id)
    expect(firstIds).toHaveLength(1)

    const today = await post(admin, {
      effectiveFrom: '2026-11-23',
      category: 'accessories',
      bands: [band(0, 500, 1), band(500, null, 4)],
    })
    expect(today.statusCode, today.body).toBe(200)
    const rows = await db()
      .select()
      .from(commissionRules)
      .where(eq(commissionRules.category, 'accessories'))
    expect(rows.some((r) => r.id === firstIds[0])).toBe(false)
    const fresh = rows.filter((r) => r.effectiveTo === null)
    expect(fresh.map((r) => r.percentBp).sort()).toEqual([100, 400])
    expect(fresh.every((r) => r.effectiveFrom.getTime() === clock.now().getTime())).toBe(true)
  })
})

describe('access', () => {
  it('is for admins only', async () => {
    const sellerRes = await post(seller.cookie, ELECTRONICS_FROM_TOMORROW)
    expect(sellerRes.statusCode).toBe(403)
    const shopperRes = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { cookie: shopper.cookie },
    })
    expect(shopperRes.statusCode).toBe(403)
    const guest = await t.app.inject({ method: 'GET', url: URL })
    expect(guest.statusCode).toBe(401)
    const guestPost = await t.app.inject({ method: 'POST', url: URL, payload: {} })
    expect(guestPost.statusCode).toBe(401)
  })
})
