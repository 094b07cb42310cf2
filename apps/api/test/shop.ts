import type { BuyerBillingAddress } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { addresses, cartLines, carts, subOrders } from '../src/db/schema'
import type { Db } from '../src/db/client'
import { createSession } from '../src/modules/auth/sessions'
import type { App } from '../src/app-types'
import { sessionCookieFor } from './auth'
import { createProduct, createSeller, createUser } from './factories'

/** A shopper with a session cookie and one saved address (for order and payment tests). */
export async function createShopper(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides)
  const token = await createSession(db, { userId: user.id, days: 1, now: new Date() })
  const [address] = await db
    .insert(addresses)
    .values({
      userId: user.id,
      recipientName: user.userName,
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phone: '9876543210',
      notes: 'Ring the bell',
      stateCode: '29',
      // The first address a shopper saves is their default (decision 086).
      isDefault: true,
    })
    .returning()
  if (!address) throw new Error('address not created')
  return { user, token, cookie: `session=${token}`, address }
}

/** Puts lines into the user's server cart (creating the cart). */
export async function fillCart(
  db: Db,
  userId: string,
  lines: { productId: string; quantity: number }[],
) {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { userId } })
    .returning()
  if (!cart) throw new Error('cart not created')
  await db.insert(cartLines).values(lines.map((l) => ({ cartId: cart.id, ...l })))
  return cart
}

/**
 * `POST /api/shop/order/create` as `shopper` (its cart, its first address, COD unless `extra`
 * says otherwise), with an Idempotency-Key when given; answers the raw reply for the test to read.
 */
export function postOrder(
  app: App,
  shopper: { user: { id: string }; cookie: string; address: { id: string } },
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopper.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod: 'COD',
      ...extra,
    },
  })
}

/**
 * A seller's product in a shopper's cart, ordered with `paymentMethod` through the real
 * `POST /api/shop/order/create`; answers what payment tests need next.
 */
export async function placeOrder(
  app: App,
  db: Db,
  paymentMethod: 'COD' | 'CASHFREE' | 'PAYU' | 'GATEPAY' | 'PHONEPAY',
  line: { price: number; totalStock: number; quantity: number },
) {
  const seller = await createSeller(db)
  const item = await createProduct(db, {
    sellerId: seller.id,
    price: line.price,
    totalStock: line.totalStock,
  })
  const shopper = await createShopper(db)
  await fillCart(db, shopper.user.id, [{ productId: item.id, quantity: line.quantity }])
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: sessionCookieFor(app, shopper.token) },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod,
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not created: ${res.body}`)
  const { orderId, orderNumber, paymentUrl } = res.json() as {
    orderId: string
    orderNumber: string
    paymentUrl: string
  }
  return { shopper, item, orderId, orderNumber, paymentUrl }
}

/** `shopper` orders what is in its cart, to its first address, through the real route. */
export async function orderCart(
  app: App,
  shopper: Awaited<ReturnType<typeof createShopper>>,
  paymentMethod: 'COD' | 'CASHFREE' | 'PAYU' | 'GATEPAY' | 'PHONEPAY' = 'COD',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: { cookie: shopper.cookie },
    payload: {
      userId: shopper.user.id,
      addressInfo: { addressId: shopper.address.id },
      paymentMethod,
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not created: ${res.body}`)
  return (res.json() as { orderId: string }).orderId
}

/**
 * `shopper` buys one unit of `productId` through the real `POST /api/shop/order/create`, and the
 * order then moves on to `advanceTo` (none: it stays as placed): the product's seller processes
 * its part through the real `PUT /api/admin/orders/vendor-update`, and an admin marks it shipped
 * and delivered through `PUT /api/admin/orders/update/:id` (sellers cannot: the courier's scans
 * do, and booking one is the shipping tests' business). Answers the order id.
 */
export async function buyProduct(
  app: App,
  db: Db,
  shopper: Awaited<ReturnType<typeof createShopper>>,
  productId: string,
  opts: {
    paymentMethod?: 'COD' | 'CASHFREE'
    advanceTo?: 'inProcess' | 'inShipping' | 'delivered' | null
  } = {},
) {
  // Only this product: lines a test left in the cart would be ordered too.
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, shopper.user.id))
  if (cart) await db.delete(cartLines).where(eq(cartLines.cartId, cart.id))
  await fillCart(db, shopper.user.id, [{ productId, quantity: 1 }])
  const orderId = await orderCart(app, shopper, opts.paymentMethod ?? 'COD')
  const status = opts.advanceTo === undefined ? 'delivered' : opts.advanceTo
  if (status) {
    const [part] = await db
      .select({ id: subOrders.id, sellerId: subOrders.sellerId })
      .from(subOrders)
      .where(eq(subOrders.orderId, orderId))
    if (!part) throw new Error('sub-order not found')
    const seller = await createSession(db, { userId: part.sellerId, days: 1, now: new Date() })
    const admin = await createUser(db, { role: 'admin', type: 'admin' })
    const adminToken = await createSession(db, { userId: admin.id, days: 1, now: new Date() })
    // The lifecycle's steps, one at a time (nothing jumps from confirmed to delivered).
    const steps = ['inProcess', 'inShipping', 'delivered'] as const
    for (const step of steps.slice(0, steps.indexOf(status) + 1)) {
      const update = await app.inject(
        step === 'inProcess'
          ? {
              method: 'PUT',
              url: '/api/admin/orders/vendor-update',
              headers: { cookie: sessionCookieFor(app, seller) },
              payload: { _id: part.id, status: step },
            }
          : {
              method: 'PUT',
              url: `/api/admin/orders/update/${orderId}`,
              headers: { cookie: sessionCookieFor(app, adminToken) },
              payload: { orderStatus: step },
            },
      )
      if (update.statusCode !== 200) throw new Error(`order not moved: ${update.body}`)
    }
  }
  return orderId
}

/** Billing addresses the tests' business buyers give, in their GSTIN's state (issue 30.1). */
const BILLING_BY_STATE: Record<string, BuyerBillingAddress> = {
  '27': { addressLine: '4 Hill Road, Bandra', city: 'Mumbai', stateCode: '27', pincode: '400050' },
  '29': {
    addressLine: '21 Residency Road',
    city: 'Bengaluru',
    stateCode: '29',
    pincode: '560025',
  },
}

/** A business buyer as checkout sends it: GSTIN, legal name and a billing address in its state. */
export function businessBuyer(gstin: string, legalName: string) {
  const billingAddress = BILLING_BY_STATE[gstin.slice(0, 2)]
  if (!billingAddress) throw new Error(`no test billing address for state ${gstin.slice(0, 2)}`)
  return { gstin, legalName, billingAddress }
}
