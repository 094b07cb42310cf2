import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { otpFromOutbox, shopperDetails } from '../../../test/auth'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { buyProduct, createShopper } from '../../../test/shop'
import {
  addresses,
  consents,
  contactMessages,
  grievanceEntries,
  grievanceTickets,
  invoices,
  orders,
  reviews,
  sessions,
  subOrders,
  users,
  wishlistItems,
  wishlistPreferences,
} from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createSession } from '../auth/sessions'

// Issue 30.11: in the account, download my data (JSON) and delete my account (erased or
// anonymised, except the invoices the tax law keeps, which keep only what they print).
let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const db = () => t.database.db
const PASSWORD = 'Secret123'

/** A shopper who can type a password, with an address, a delivered order and a review. */
async function shopperWithHistory() {
  const shopper = await createShopper(db(), { passwordHash: await hashPassword(PASSWORD) })
  const seller = await createSeller(db())
  const item = await createProduct(db(), { sellerId: seller.id, price: 1999, totalStock: 5 })
  const orderId = await buyProduct(t.app, db(), shopper, item.id)
  await db().insert(reviews).values({
    productId: item.id,
    userId: shopper.user.id,
    userName: shopper.user.userName,
    message: 'Works well',
    value: 5,
  })
  await db().insert(contactMessages).values({
    userId: shopper.user.id,
    name: shopper.user.userName,
    email: shopper.user.email,
    subject: 'Where is my parcel',
    message: 'It has not come yet.',
  })
  const [ticket] = await db()
    .insert(grievanceTickets)
    .values({
      source: 'order',
      userId: shopper.user.id,
      name: shopper.user.userName,
      email: shopper.user.email,
      subject: 'Wrong colour delivered',
      orderId,
      acknowledgeBy: new Date(Date.now() + 48 * 3_600_000),
      resolveBy: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: grievanceTickets.id })
  await db().insert(grievanceEntries).values({
    ticketId: ticket!.id,
    event: 'open',
    author: 'complainant',
    authorId: shopper.user.id,
    message: 'I ordered black and got blue.',
  })
  await db().insert(consents).values({
    userId: shopper.user.id,
    purpose: 'account',
    noticeVersion: 'v',
    givenAt: new Date(),
  })
  await db().insert(wishlistItems).values({
    userId: shopper.user.id,
    productId: item.id,
    savedPricePaise: 129_900,
  })
  return { ...shopper, item, seller, orderId }
}

const deleteAccount = (cookie: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/privacy/delete-account',
    headers: { cookie },
    payload: { password },
  })

describe('GET /api/shop/privacy/export', () => {
  it('downloads everything held about the signed-in person as JSON, and nobody else’s', async () => {
    const me = await shopperWithHistory()
    const other = await shopperWithHistory()
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/privacy/export',
      headers: { cookie: me.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-.*\.json"$/)
    const data = res.json()
    expect(data.profile).toMatchObject({ email: me.user.email, userName: me.user.userName })
    expect(data.addresses).toEqual([expect.objectContaining({ address: '12 MG Road' })])
    expect(data.orders).toHaveLength(1)
    expect(data.orders[0]).toMatchObject({ id: me.orderId, status: 'delivered' })
    expect(data.orders[0].items).toEqual([
      { title: me.item.title, quantity: 1, unitPrice: expect.any(Number) },
    ])
    expect(data.reviews).toEqual([expect.objectContaining({ message: 'Works well', rating: 5 })])
    expect(data.consents).toEqual([expect.objectContaining({ purpose: 'account' })])
    expect(data.wishlist).toEqual({
      priceAndStockMails: false,
      items: [expect.objectContaining({ title: me.item.title, savedPrice: 1299 })],
    })
    expect(data.sessions.length).toBeGreaterThan(0)
    // Nothing recorded for the inactivity erasure yet (decision 82): said, not left out.
    expect(data).toHaveProperty('activity', null)
    expect(data.contactMessages).toHaveLength(1)
    expect(data.tickets).toEqual([
      expect.objectContaining({
        subject: 'Wrong colour delivered',
        email: me.user.email,
        thread: [
          expect.objectContaining({ event: 'open', message: 'I ordered black and got blue.' }),
        ],
      }),
    ])
    // No secrets, and not the other shopper's data.
    expect(res.body).not.toMatch(/passwordHash|tokenHash|password_hash|\$argon2/)
    expect(res.body).not.toContain(other.user.email)
  })

  it('is for the signed-in only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/privacy/export' })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/shop/privacy/delete-account', () => {
  it('asks for the password again', async () => {
    const me = await shopperWithHistory()
    const res = await deleteAccount(me.cookie, 'Wrong1234')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'password', message: 'Your password is not correct' },
    ])
    const [row] = await db().select().from(users).where(eq(users.id, me.user.id))
    expect(row?.deletedAt).toBeNull()
  })

  it('is refused while an order is under way, with a clear message', async () => {
    const me = await shopperWithHistory()
    const pending = await buyProduct(t.app, db(), me, me.item.id, { advanceTo: 'inProcess' })
    const res = await deleteAccount(me.cookie, PASSWORD)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/cannot be deleted while an order, return or refund/)
    expect(
      await db().select().from(addresses).where(eq(addresses.userId, me.user.id)),
    ).toHaveLength(1)

    await db().update(subOrders).set({ status: 'cancelled' }).where(eq(subOrders.orderId, pending))
    await db().update(orders).set({ orderStatus: 'cancelled' }).where(eq(orders.id, pending))
    expect((await deleteAccount(me.cookie, PASSWORD)).statusCode).toBe(200)
  })

  it('erases or anonymises the person, and keeps the invoice as printed', async () => {
    const me = await shopperWithHistory()
    const [invoiceBefore] = await db()
      .select({ id: invoices.id, document: invoices.document })
      .from(invoices)
      .innerJoin(subOrders, eq(subOrders.id, invoices.subOrderId))
      .where(eq(subOrders.orderId, me.orderId))
    expect(invoiceBefore?.document.shipTo.phone).toBe('9876543210')
    await db().insert(wishlistPreferences).values({ userId: me.user.id, notify: true })
    await db()
      .insert(wishlistItems)
      .values({ userId: me.user.id, productId: me.item.id, savedPricePaise: 100 })
      .onConflictDoNothing()

    const res = await deleteAccount(me.cookie, PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatch(/Invoices for your past orders are kept for eight years/)
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('')

    const [row] = await db().select().from(users).where(eq(users.id, me.user.id))
    expect(row).toMatchObject({
      userName: 'Former customer',
      email: `deleted-${me.user.id}@deleted.invalid`,
      mobile: null,
      deletedAt: expect.any(Date),
    })
    expect(await db().select().from(addresses).where(eq(addresses.userId, me.user.id))).toEqual([])
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user.id))).toEqual([])
    expect(
      await db().select().from(wishlistItems).where(eq(wishlistItems.userId, me.user.id)),
    ).toEqual([])
    expect(
      await db()
        .select()
        .from(wishlistPreferences)
        .where(eq(wishlistPreferences.userId, me.user.id)),
    ).toEqual([])
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.userId, me.user.id)),
    ).toEqual([])
    const [review] = await db().select().from(reviews).where(eq(reviews.userId, me.user.id))
    expect(review).toMatchObject({ userName: 'Former customer', message: 'Works well' })
    // The complaint stays on record without the complainant's name and email.
    const [ticket] = await db()
      .select()
      .from(grievanceTickets)
      .where(eq(grievanceTickets.userId, me.user.id))
    expect(ticket).toMatchObject({
      name: 'Former customer',
      email: `deleted-${me.user.id}@deleted.invalid`,
      subject: 'Wrong colour delivered',
    })
    const [order] = await db().select().from(orders).where(eq(orders.id, me.orderId))
    expect(order?.addressInfo).toEqual({
      addressId: '',
      address: '',
      city: '',
      pincode: '',
      phone: '',
      notes: '',
      stateCode: '29',
    })
    // The tax invoice is a frozen document: it keeps what it printed, nothing more is kept.
    const [invoiceAfter] = await db()
      .select({ document: invoices.document })
      .from(invoices)
      .where(eq(invoices.id, invoiceBefore!.id))
    expect(invoiceAfter?.document).toEqual(invoiceBefore?.document)
    // The record of consent stays, closed.
    const [consent] = await db().select().from(consents).where(eq(consents.userId, me.user.id))
    expect(consent?.withdrawnAt).toEqual(expect.any(Date))

    // The old session is gone, the password signs nobody in, and the email is free again.
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: me.cookie },
    })
    expect(check.statusCode).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: PASSWORD },
    })
    expect(login.statusCode).toBe(401)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: shopperDetails({ email: me.user.email }),
      remoteAddress: '10.31.0.1',
    })
    expect(again.statusCode).toBe(200)
    expect(otpFromOutbox(t.app, me.user.email)).toMatch(/^\d{6}$/)
  })

  it('is not how sellers and admins close their accounts', async () => {
    const seller = await createSeller(db(), 'Approved')
    const admin = await createUser(db(), { role: 'admin', type: 'admin' })
    for (const [user, message] of [
      [seller, /seller account keeps tax records/],
      [admin, /closed by another admin/],
    ] as const) {
      const token = await createSession(db(), { userId: user.id, days: 1, now: new Date() })
      const res = await deleteAccount(`session=${token}`, PASSWORD)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toMatch(message)
    }
  })
})
