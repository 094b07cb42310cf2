import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'
import { outbox } from '../../db/schema'

let t: TestContext
let productId: string

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  productId = (
    await createProduct(t.database.db, { sellerId: seller.id, title: 'Pixel SMS', totalStock: 50 })
  ).id
})
afterAll(() => t.close())

/** The SMS queued to `mobile`, by kind, in the order they were queued. */
async function queuedKinds(mobile: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'sms'), sql`${outbox.payload}->'sms'->>'to' = ${mobile}`))
    .orderBy(outbox.createdAt)
  return rows.map((r) => (r.payload as { sms: { kind: string } }).sms.kind)
}

const preferences = (cookie: string, body?: object) =>
  t.app.inject({
    method: body ? 'PUT' : 'GET',
    url: '/api/account/sms-preferences',
    headers: { cookie },
    ...(body ? { payload: body } : {}),
  })

describe("the shopper's SMS choices", () => {
  it('queue each order message beside its mail, in words that fit a DLT template', async () => {
    const shopper = await createShopper(t.database.db, { mobile: '9812300070' })
    await buyProduct(t.app, t.database.db, shopper, productId, { advanceTo: 'delivered' })
    expect(await queuedKinds('9812300070')).toEqual(['order_placed', 'shipped', 'delivered'])
    const [placed] = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->'sms'->>'kind' = 'order_placed'`)
    expect((placed?.payload as { sms: { text: string } }).sms.text).toMatch(
      /^TechBazaar: your order TB-\S+ for Rs\. [\d,.]+ is placed\. Follow it under My Orders\.$/,
    )
  })

  it('are all on at first, and a message turned off is not queued', async () => {
    const shopper = await createShopper(t.database.db, { mobile: '9812300080' })
    const before = await preferences(shopper.cookie)
    expect(before.json()).toEqual({
      success: true,
      preferences: {
        order_placed: true,
        shipped: true,
        out_for_delivery: true,
        delivered: true,
        refund_completed: true,
      },
      mobile: '9812300080',
      mobileVerified: false,
    })
    const saved = await preferences(shopper.cookie, {
      ...before.json().preferences,
      shipped: false,
      order_placed: false,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().preferences).toMatchObject({ shipped: false, order_placed: false })
    await buyProduct(t.app, t.database.db, shopper, productId, { advanceTo: 'delivered' })
    expect(await queuedKinds('9812300080')).toEqual(['delivered'])
  })

  it('refuse a body that leaves a message out', async () => {
    const shopper = await createShopper(t.database.db)
    const res = await preferences(shopper.cookie, { shipped: false })
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
  })
})
