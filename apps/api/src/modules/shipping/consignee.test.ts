import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addresses, invoices, orders, subOrders, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookieFor } from '../../../test/auth'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'

/*
 * Issue 31.7: the person the shopper names on an address, and its landmark, travel with the
 * order (its copy of the address) to everything that prints where the parcel goes: the order
 * details, the courier's booking (the consignee), the label and the invoice's "Shipped to".
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
const db = () => t.database.db

const cookieOf = async (userId: string) =>
  sessionCookieFor(t.app, await createSession(db(), { userId, days: 1, now: new Date() }))

async function shippedOrder(
  { recipientName, landmark }: { recipientName: string; landmark: string },
  older = false,
) {
  const seller = await createSeller(db(), 'Approved', { invoiceable: true })
  await db()
    .update(vendorProfiles)
    .set({
      businessName: 'Brigade Store',
      addressLine: '4 Brigade Road',
      city: 'Bengaluru',
      stateCode: '29',
      pincode: '560001',
    })
    .where(eq(vendorProfiles.userId, seller.id))
  const item = await createProduct(db(), { sellerId: seller.id, price: 1500, totalStock: 4 })
  const shopper = await createShopper(db())
  await db()
    .update(addresses)
    .set({ recipientName, landmark })
    .where(eq(addresses.id, shopper.address.id))
  await fillCart(db(), shopper.user.id, [{ productId: item.id, quantity: 1 }])
  const orderId = await orderCart(t.app, shopper)
  if (older) {
    // As an order placed before recipients were asked holds its address: without either.
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    const { recipientName: _r, landmark: _l, ...copy } = order!.addressInfo
    await db().update(orders).set({ addressInfo: copy }).where(eq(orders.id, orderId))
  }
  const [part] = await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))
  const book = vi.spyOn(t.app.deps.couriers.default!, 'book')
  const shipped = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/vendor-ship',
    headers: { cookie: await cookieOf(seller.id) },
    payload: { _id: part!.id, weightGrams: 450, lengthCm: 20, breadthCm: 12, heightCm: 6 },
  })
  expect(shipped.statusCode).toBe(200)
  const booking = book.mock.calls[0]![0]
  book.mockRestore()
  return {
    orderId,
    shopper,
    part: part!,
    booking,
    labelUrl: shipped.json().data.labelUrl as string,
  }
}

describe('the delivery address as ordered (issue 31.7)', () => {
  it('copies the recipient and landmark onto the order and prints them where the parcel goes', async () => {
    const { orderId, shopper, part, booking, labelUrl } = await shippedOrder({
      recipientName: 'Meera Iyer',
      landmark: 'Opposite Forum Mall',
    })
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(order!.addressInfo).toMatchObject({
      recipientName: 'Meera Iyer',
      address: '12 MG Road',
      landmark: 'Opposite Forum Mall',
    })
    // Later edits of the saved address do not change the order.
    await db()
      .update(addresses)
      .set({ recipientName: 'Someone Else' })
      .where(eq(addresses.id, shopper.address.id))

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: shopper.cookie },
    })
    expect(details.json().data.addressInfo).toMatchObject({
      recipientName: 'Meera Iyer',
      landmark: 'Opposite Forum Mall',
    })

    expect(booking.delivery).toMatchObject({
      name: 'Meera Iyer',
      address: '12 MG Road, Landmark: Opposite Forum Mall',
    })
    const label = await t.app.inject({ method: 'GET', url: labelUrl })
    expect(label.body).toContain('Meera Iyer<br>12 MG Road, Landmark: Opposite Forum Mall')

    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part.id))
    expect(invoice!.document.shipTo).toMatchObject({
      name: 'Meera Iyer',
      address: ['12 MG Road', 'Landmark: Opposite Forum Mall', 'Bengaluru 560001'],
    })
  })

  it('names the account holder on an order placed before recipients were asked', async () => {
    const { shopper, part, booking, labelUrl } = await shippedOrder(
      { recipientName: 'Meera Iyer', landmark: 'Opposite Forum Mall' },
      true,
    )
    expect(booking.delivery).toMatchObject({ name: shopper.user.userName, address: '12 MG Road' })
    const label = await t.app.inject({ method: 'GET', url: labelUrl })
    expect(label.body).toContain('<strong>To</strong><br>12 MG Road<br>')
    const [invoice] = await db().select().from(invoices).where(eq(invoices.subOrderId, part.id))
    expect(invoice!.document.shipTo).toMatchObject({
      name: shopper.user.userName,
      address: ['12 MG Road', 'Bengaluru 560001'],
    })
  })
})
