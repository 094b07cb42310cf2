import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart } from '../../../test/shop'
import { cartLines, carts, outbox, subOrders } from '../../db/schema'
import { createSession } from '../auth/sessions'

/*
 * The returns tests' world, built through the shop's own routes: orders placed at checkout, paid
 * on the sandbox gateway, shipped with the sandbox courier (which issues the invoice) and
 * delivered by its tracking webhook.
 */

export type Shopper = Awaited<ReturnType<typeof createShopper>>

export function returnsKit(t: () => TestContext, now: () => Date) {
  const db = () => t().database.db
  const app = () => t().app

  const cookieOf = async (userId: string) =>
    `session=${await createSession(db(), { userId, days: 60, now: now() })}`

  /** An approved seller with a Mumbai business address (the courier's pickup and return place). */
  async function seller() {
    const user = await createSeller(db())
    return { user, cookie: await cookieOf(user.id) }
  }

  /** A shopper with an address, signed in for as long as these tests move the clock. */
  async function shopper(): Promise<Shopper> {
    const made = await createShopper(db())
    return { ...made, cookie: await cookieOf(made.user.id) }
  }

  async function product(sellerId: string, price = 1999, totalStock = 10) {
    return createProduct(db(), { sellerId, price, totalStock })
  }

  /** Orders `lines` from the shopper's cart; an online order is paid on the sandbox gateway. */
  async function order(
    shopper: Shopper,
    lines: { productId: string; quantity: number }[],
    method: 'COD' | 'CASHFREE' = 'COD',
  ): Promise<string> {
    const [cart] = await db().select().from(carts).where(eq(carts.userId, shopper.user.id))
    if (cart) await db().delete(cartLines).where(eq(cartLines.cartId, cart.id))
    await fillCart(db(), shopper.user.id, lines)
    const res = await app().inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: shopper.cookie },
      payload: {
        userId: shopper.user.id,
        addressInfo: { addressId: shopper.address.id },
        paymentMethod: method,
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const { orderId, paymentUrl } = res.json() as { orderId: string; paymentUrl?: string }
    if (method !== 'COD') {
      const sessionId = new URL(paymentUrl!, 'http://x').searchParams.get('payment_session_id')!
      const paid = await app().inject({
        method: 'POST',
        url: '/sandbox-gateway',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ payment_session_id: sessionId, outcome: 'pay' }).toString(),
      })
      expect(paid.statusCode).toBe(303)
    }
    return orderId
  }

  /** The order's parts, by seller. */
  async function partsOf(orderId: string) {
    return db()
      .select()
      .from(subOrders)
      .where(eq(subOrders.orderId, orderId))
      .orderBy(asc(subOrders.id))
  }

  /** The seller ships its part with the sandbox courier; answers the AWB. */
  async function ship(sellerCookie: string, subOrderId: string): Promise<string> {
    const res = await app().inject({
      method: 'POST',
      url: '/api/admin/orders/vendor-ship',
      headers: { cookie: sellerCookie },
      payload: { _id: subOrderId, weightGrams: 400, lengthCm: 18, breadthCm: 12, heightCm: 6 },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.awb as string
  }

  /**
   * The courier picks the parcel up and delivers it (its webhooks, at the shop's clock); answers
   * the delivery moment the lifecycle recorded, from which the return window counts.
   */
  async function deliver(sellerCookie: string, subOrderId: string): Promise<Date> {
    const awb = await ship(sellerCookie, subOrderId)
    for (const status of ['picked_up', 'delivered']) {
      const res = await app().inject({
        method: 'POST',
        url: `/sandbox-courier/${awb}/events`,
        payload: { status },
      })
      expect(res.statusCode, res.body).toBeLessThan(400)
    }
    const [part] = await db().select().from(subOrders).where(eq(subOrders.id, subOrderId))
    expect(part).toMatchObject({ status: 'delivered', deliveredAt: now() })
    return part!.deliveredAt!
  }

  /** A return photo the shopper uploaded (stored in the shop's local storage). */
  function storedPhoto(name: string): string {
    const dir = path.join(t().dataDir, 'uploads', 'returns')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, `${name}.webp`), Buffer.from('RIFF....WEBP'))
    return `/uploads/returns/${name}.webp`
  }

  function postReturn(cookie: string, orderId: string, body: Record<string, unknown>) {
    return app().inject({
      method: 'POST',
      url: `/api/shop/order/${orderId}/returns`,
      headers: { cookie },
      payload: body,
    })
  }

  function putReturn(cookie: string, returnId: string, body: Record<string, unknown>) {
    return app().inject({
      method: 'PUT',
      url: `/api/admin/returns/${returnId}`,
      headers: { cookie },
      payload: body,
    })
  }

  function queue(cookie: string, query = '') {
    return app().inject({ method: 'GET', url: `/api/admin/returns${query}`, headers: { cookie } })
  }

  /** The mails queued so far to `to`, oldest first. */
  async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
    const rows = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'))
      .orderBy(asc(outbox.createdAt))
    return rows
      .map((r) => (r.payload as { mail: { to: string; subject: string; text: string } }).mail)
      .filter((m) => m.to === to)
  }

  return {
    cookieOf,
    seller,
    shopper,
    product,
    order,
    partsOf,
    ship,
    deliver,
    storedPhoto,
    postReturn,
    putReturn,
    queue,
    mailsTo,
  }
}
