import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import { outbox } from '../../db/schema'
import { createSession } from '../auth/sessions'

/** The grievance tests' world: sellers, shoppers and admins signed in at the shop's clock. */
export function grievanceKit(t: () => TestContext, now: () => Date) {
  const db = () => t().database.db
  const app = () => t().app
  const cookieOf = async (userId: string) =>
    `session=${await createSession(db(), { userId, days: 90, now: now() })}`

  async function seller(status: 'Approved' | 'Pending' = 'Approved') {
    const user = await createSeller(db(), status)
    return { user, cookie: await cookieOf(user.id) }
  }
  async function admin() {
    const user = await createUser(db(), { role: 'admin', type: 'admin' })
    return { user, cookie: await cookieOf(user.id) }
  }
  async function shopper() {
    const made = await createShopper(db())
    return { ...made, cookie: await cookieOf(made.user.id) }
  }
  /** `buyer` orders one unit of each seller's product (COD); answers the order id. */
  async function order(buyer: Awaited<ReturnType<typeof shopper>>, sellerIds: string[]) {
    const lines = []
    for (const sellerId of sellerIds) {
      const product = await createProduct(db(), { sellerId, price: 999, totalStock: 5 })
      lines.push({ productId: product.id, quantity: 1 })
    }
    await fillCart(db(), buyer.user.id, lines)
    return orderCart(app(), buyer, 'COD')
  }

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    app().inject({ method, url, headers: cookie ? { cookie } : {}, payload })

  /** The mails queued so far to `to`, oldest first. */
  async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
    const rows = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
    return rows
      .map((r) => (r.payload as { mail: { to: string; subject: string; text: string } }).mail)
      .filter((m) => m.to === to)
  }

  /** Reports a problem on `orderId`; expects 201 and answers the ticket. */
  async function report(cookie: string, orderId: string, body: object = {}) {
    const res = await call('POST', `/api/shop/order/${orderId}/grievances`, cookie, {
      category: 'damaged',
      message: 'The screen arrived cracked.',
      ...body,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data as { _id: string; number: string; [k: string]: unknown }
  }

  return { cookieOf, seller, admin, shopper, order, call, mailsTo, report }
}
