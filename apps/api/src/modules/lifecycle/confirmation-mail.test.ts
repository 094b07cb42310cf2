import {
  formatPaise,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'
import { createShopper, fillCart, orderCart } from '../../../test/shop'
import { orders, outbox } from '../../db/schema'

/** The confirmation mail and SMS queued with a COD order (read in one statement since issue 33.5). */
let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const queued = async (kind: 'mail' | 'sms', dedupeKey: string) => {
  const [row] = await t.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.dedupeKey, dedupeKey)))
  return row?.payload
}

describe('the order confirmation', () => {
  it('names the buyer, every line in title order with its amount, the total, payment and status', async () => {
    const db = t.database.db
    const seller = await createSeller(db)
    const other = await createSeller(db)
    const zoom = await createProduct(db, { sellerId: seller.id, title: 'Zoom Buds', price: 1499 })
    const alpha = await createProduct(db, { sellerId: other.id, title: 'Alpha Cable', price: 299 })
    const shopper = await createShopper(db, { userName: 'Meera Iyer', mobile: '9812300991' })
    await fillCart(db, shopper.user.id, [
      { productId: zoom.id, quantity: 2 },
      { productId: alpha.id, quantity: 1 },
    ])
    const orderId = await orderCart(t.app, shopper)
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
    const mail = (await queued('mail', `order-confirmation:${orderId}`)) as {
      mail: { to: string; subject: string; text: string }
    }
    const number = `TB-${order!.orderNumber}`
    expect(mail.mail.to).toBe(shopper.user.email)
    expect(mail.mail.subject).toMatch(new RegExp(`order ${number} is confirmed$`))
    const text = mail.mail.text.split('\n')
    expect(text[0]).toBe('Hi Meera Iyer,')
    expect(text.filter((line) => line.startsWith('  '))).toEqual([
      '  1 × Alpha Cable — ₹299',
      '  2 × Zoom Buds — ₹2,998',
    ])
    expect(text).toContain(`Total: ${formatPaise(order!.totalPaise)}`)
    expect(text).toContain(
      `Payment: ${PAYMENT_METHOD_LABELS.COD}, ${PAYMENT_STATUS_LABELS[order!.paymentStatus]}`,
    )
    expect(text).toContain(`Status: ${ORDER_STATUS_LABELS[order!.orderStatus]}`)
    const sms = (await queued('sms', `sms:order-placed:${orderId}`)) as { sms: { to: string } }
    expect(sms.sms.to).toBe('9812300991')
  })

  it('queues no SMS for a shopper without a mobile, and the mail still', async () => {
    const db = t.database.db
    const seller = await createSeller(db)
    const item = await createProduct(db, { sellerId: seller.id, title: 'Plain Case', price: 199 })
    const shopper = await createShopper(db, { mobile: null })
    await fillCart(db, shopper.user.id, [{ productId: item.id, quantity: 1 }])
    const orderId = await orderCart(t.app, shopper)
    expect(await queued('mail', `order-confirmation:${orderId}`)).toBeTruthy()
    expect(await queued('sms', `sms:order-placed:${orderId}`)).toBeUndefined()
  })
})
