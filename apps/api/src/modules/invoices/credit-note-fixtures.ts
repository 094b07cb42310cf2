import { gstinCheckChar, type ReturnReason } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { createShopper } from '../../../test/shop'
import {
  invoices,
  orderLines,
  orders,
  returnLines,
  returns,
  subOrders,
  vendorProfiles,
} from '../../db/schema'
import { createSession } from '../auth/sessions'
import { isLateCredit, issueReturnCreditNote } from './credit-notes'

/*
 * The credit-note tests' world: GST-registered sellers in Karnataka, orders dispatched by an
 * admin (which issues their invoices), and returns whose quality check passed. Return rows are
 * written directly, as the returns service would leave them.
 */

type Line = [sellerId: string, title: string, unitPaise: number, quantity: number]
export interface DispatchedOrder {
  id: string
  /** Sub-order id per seller id. */
  parts: Record<string, string>
  /** Order line id per title. */
  lineIds: Record<string, string>
}

let gstinSerial = 1000
const gstin = (first14: string) => first14 + gstinCheckChar(first14)

export async function creditNoteKit(t: () => TestContext, now: () => Date) {
  const db = () => t().database.db
  const cookieFor = async (userId: string) =>
    `session=${await createSession(db(), { userId, days: 30, now: now() })}`

  const buyer = await createShopper(db(), { userName: 'Meera Rao' })
  const shopper = { ...buyer, cookie: await cookieFor(buyer.user.id) }
  const adminUser = await createUser(db(), { role: 'admin', type: 'admin' })
  const admin = { id: adminUser.id, cookie: await cookieFor(adminUser.id) }

  /** A GST-registered seller in Karnataka, with its own credit series. */
  async function seller(name: string) {
    const user = await createSeller(db())
    await db()
      .update(vendorProfiles)
      .set({
        gstNumber: gstin(`29AAKFM${gstinSerial++}Q1Z`),
        businessName: name,
        addressLine: '1 Test Street',
        city: 'Bengaluru',
        pincode: '560038',
        stateCode: '29',
      })
      .where(eq(vendorProfiles.userId, user.id))
    return { id: user.id, cookie: await cookieFor(user.id) }
  }

  /** A COD order to `stateCode`, one part per seller, dispatched by an admin (so invoiced). */
  async function dispatchedOrder(stateCode: '29' | '27', lines: Line[]): Promise<DispatchedOrder> {
    const [order] = await db()
      .insert(orders)
      .values({
        userId: shopper.user.id,
        addressInfo: {
          addressId: crypto.randomUUID(),
          address: '12 Beach Road',
          city: 'Somewhere',
          phone: '9876543210',
          notes: '',
          pincode: stateCode === '29' ? '560001' : '400001',
          stateCode,
        },
        paymentMethod: 'COD',
        orderStatus: 'confirmed',
        totalPaise: lines.reduce((s, [, , p, q]) => s + p * q, 0),
      })
      .returning()
    if (!order) throw new Error('order not created')
    const parts: Record<string, string> = {}
    const lineIds: Record<string, string> = {}
    for (const sellerId of new Set(lines.map(([s]) => s))) {
      const mine = lines.filter(([s]) => s === sellerId)
      const [sub] = await db()
        .insert(subOrders)
        .values({
          orderId: order.id,
          sellerId,
          status: 'confirmed',
          confirmedAt: now(),
          subtotalPaise: mine.reduce((s, [, , p, q]) => s + p * q, 0),
        })
        .returning()
      if (!sub) throw new Error('sub-order not created')
      parts[sellerId] = sub.id
      for (const [, title, unitPricePaise, quantity] of mine) {
        const product = await createProduct(db(), { sellerId, title, hsn: '851713' })
        const [line] = await db()
          .insert(orderLines)
          .values({
            orderId: order.id,
            subOrderId: sub.id,
            productId: product.id,
            title,
            image: '/x.webp',
            unitPricePaise,
            quantity,
          })
          .returning()
        lineIds[title] = line!.id
      }
    }
    const shipped = await t().app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${order.id}`,
      headers: { cookie: admin.cookie },
      payload: { orderStatus: 'inShipping' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    return { id: order.id, parts, lineIds }
  }

  /** A return of `items` (title → units) of one seller's part, its quality check passed. */
  async function passedReturn(
    order: DispatchedOrder,
    sellerId: string,
    items: Record<string, number>,
    reason: ReturnReason = 'damaged',
    status: 'qc_passed' | 'received' = 'qc_passed',
  ): Promise<string> {
    const [ret] = await db()
      .insert(returns)
      .values({
        orderId: order.id,
        subOrderId: order.parts[sellerId]!,
        status,
        reason,
        decideBy: new Date(now().getTime() + 2 * 86_400_000),
      })
      .returning()
    if (!ret) throw new Error('return not created')
    for (const [title, quantity] of Object.entries(items)) {
      const [line] = await db()
        .select()
        .from(orderLines)
        .where(eq(orderLines.id, order.lineIds[title]!))
      await db()
        .insert(returnLines)
        .values({ returnId: ret.id, orderLineId: line!.id, productId: line!.productId, quantity })
    }
    return ret.id
  }

  /** `issueReturnCreditNote` in a transaction of its own, as the quality check's would be. */
  const credit = (returnId: string, at = now()) =>
    db().transaction(async (tx) => {
      const note = await issueReturnCreditNote(tx, returnId, at, { month: 11, day: 30 })
      if (isLateCredit(note)) throw new Error('past the s.34(2) time limit')
      return note
    })

  async function invoiceOf(subOrderId: string) {
    const [row] = await db().select().from(invoices).where(eq(invoices.subOrderId, subOrderId))
    if (!row) throw new Error(`no invoice for ${subOrderId}`)
    return row
  }

  return {
    db,
    cookieFor,
    shopper,
    admin,
    seller,
    dispatchedOrder,
    passedReturn,
    credit,
    invoiceOf,
  }
}
