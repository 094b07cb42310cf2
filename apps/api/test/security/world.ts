import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import sharp from 'sharp'
import {
  addresses,
  cartLines,
  carts,
  featureImages,
  filterOptions,
  mobileSignInCodes,
  otpRequests,
  passwordResets,
  products,
  subOrders,
  users as usersTable,
  vendorProfiles,
} from '../../src/db/schema'
import { hashPassword } from '../../src/lib/password'
import { hashOtp, hashRegistrationToken } from '../../src/modules/auth/otp'
import { createSession, newSecretToken } from '../../src/modules/auth/sessions'
import { createTestApp, type TestContext } from '../app'
import { otpFromOutbox, registrationToken, shopperDetails } from '../auth'
import { createProduct, createSeller, createUser } from '../factories'
import { buyProduct, createShopper, fillCart } from '../shop'

/** Who calls: a guest, two shoppers, a pending and two approved sellers, a marketplace admin. */
export const ACTORS = [
  'guest',
  'shopperA',
  'shopperB',
  'pendingSeller',
  'seller1',
  'seller2',
  'admin',
] as const
export type Actor = (typeof ACTORS)[number]
type SignedInActor = Exclude<Actor, 'guest'>

/** One registered route and method, as `onRoute` saw it. */
export interface CollectedRoute {
  key: string
  method: string
  url: string
  schema: Record<string, unknown> | undefined
  config: Record<string, unknown> | undefined
}

type User = Awaited<ReturnType<typeof createUser>>
/** Who makes a call: the actor, and the user behind it (absent for guests). */
export interface Caller {
  actor: Actor
  user?: User
  /** A session to reuse; without one each call signs in afresh. */
  cookie?: string
}
type OnlineMethod = 'CASHFREE' | 'PAYU' | 'GATEPAY' | 'PHONEPAY'

/** A stored image the storage knows, so product and banner bodies pass the "uploaded" check. */
export const IMAGE_URL = '/uploads/security/probe.webp'
export const LOGIN_PASSWORD = 'Secret123'
/** A valid address body (spec fields). */
export const ADDRESS = {
  recipientName: 'Asha Rao',
  address: '7 Park Street',
  city: 'Kolkata',
  pincode: '700016',
  phone: '9830012345',
  notes: 'Second floor',
  stateCode: '19',
}

/**
 * The test app with every route listed, a web build to serve, and the people and objects the
 * security suites point their requests at. Shopper A owns an address, a cart and orders of
 * seller S1's products; `fresh*` helpers make new objects for calls that use theirs up.
 */
export async function createWorld() {
  const routes: CollectedRoute[] = []
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'tb-security-web-'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>TechBazaar</title>')
  const t: TestContext = await createTestApp({
    // Shopper A places an order per call that needs one (fixtures, not an attack): well past
    // the hourly order limit, which order-limits.test.ts proves on its own.
    // The same for the units its unpaid online orders hold (order-limits.test.ts proves that cap).
    env: { ORDER_CREATE_PER_HOUR: '10000', UNPAID_HOLD_MAX_UNITS: '10000' },
    config: { webDistDir: webDir },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        routes.push({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          schema: route.schema as Record<string, unknown> | undefined,
          // Read when asked: a plugin's own onRoute hook may still set it (docs.ts's access).
          get config() {
            return route.config as Record<string, unknown> | undefined
          },
        })
      }
    },
  })
  const { app } = t
  const db = t.database.db
  const image = sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
  const png = await image.clone().png().toBuffer()
  mkdirSync(path.join(t.dataDir, 'uploads', 'security'), { recursive: true })
  writeFileSync(
    path.join(t.dataDir, 'uploads', 'security', 'probe.webp'),
    await image.webp().toBuffer(),
  )
  await db
    .insert(filterOptions)
    .values([
      { kind: 'category', value: 'electronics' },
      { kind: 'brand', value: 'samsung' },
    ])
    .onConflictDoNothing()

  const shopperA = await createShopper(db)
  const users: Record<SignedInActor, User> = {
    shopperA: shopperA.user,
    shopperB: (await createShopper(db)).user,
    pendingSeller: await createSeller(db, 'Pending'),
    seller1: await createSeller(db),
    seller2: await createSeller(db),
    admin: await createUser(db, { role: 'admin', type: 'admin' }),
  }
  // Seller S1 ships: the courier picks its parcels up at its business address.
  await db
    .update(vendorProfiles)
    .set({
      businessName: 'S1 Traders',
      addressLine: '1 Test Road',
      city: 'Kolkata',
      stateCode: '19',
      pincode: '700001',
    })
    .where(eq(vendorProfiles.userId, users.seller1.id))
  const knownHash = await hashPassword(LOGIN_PASSWORD)
  const login = await createUser(db, { passwordHash: knownHash })

  /** A new session for `actor` on every call, so a logout in one call never affects another. */
  const cookie = async (actor: Actor, user?: User) => {
    if (actor === 'guest') return undefined
    const userId = (user ?? users[actor]).id
    return `session=${await createSession(db, { userId, days: 1, now: new Date() })}`
  }
  const productS1 = await createProduct(db, { sellerId: users.seller1.id, totalStock: 100_000 })
  const freshProductS1 = (totalStock = 50) =>
    createProduct(db, { sellerId: users.seller1.id, totalStock })

  /** Empties A's cart and puts one unit of `productId` in it. */
  const cartOfA = async (productId: string) => {
    const [cart] = await db.select().from(carts).where(eq(carts.userId, users.shopperA.id))
    if (cart) await db.delete(cartLines).where(eq(cartLines.cartId, cart.id))
    await fillCart(db, users.shopperA.id, [{ productId, quantity: 1 }])
  }

  /** A new order by A of a new S1 product, placed through the real route. */
  const freshOrderA = async (method: OnlineMethod | 'COD' = 'COD') => {
    await cartOfA((await freshProductS1()).id)
    const res = await app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: { cookie: (await cookie('shopperA'))! },
      payload: {
        userId: users.shopperA.id,
        addressInfo: { addressId: shopperA.address.id },
        paymentMethod: method,
      },
    })
    if (res.statusCode !== 201) throw new Error(`order not created: ${res.body}`)
    const { orderId, paymentUrl = '' } = res.json() as { orderId: string; paymentUrl?: string }
    const [sub] = await db.select().from(subOrders).where(eq(subOrders.orderId, orderId))
    const link = new URL(paymentUrl, 'http://x').searchParams
    return {
      orderId,
      subOrderId: sub!.id,
      sessionId: link.get('payment_session_id') ?? '',
      prepayId: link.get('prepayId') ?? '',
      txn: link.get('txn') ?? '',
    }
  }

  /** A keeps only the address its orders use, so adding one stays under the limit of 3. */
  const resetAddressesA = () =>
    db
      .delete(addresses)
      .where(and(eq(addresses.userId, users.shopperA.id), ne(addresses.id, shopperA.address.id)))

  const freshBanner = async () => {
    const [banner] = await db.insert(featureImages).values({ image: IMAGE_URL }).returning()
    return banner!
  }

  /** A registration waiting for its OTP: the body `POST /api/auth/verifyOtp` accepts. */
  const pendingRegistration = async (): Promise<{ registrationToken: string; otp: string }> => {
    const details = shopperDetails()
    // From an address of its own: registrations are limited per network.
    const remoteAddress = `10.${[...crypto.getRandomValues(new Uint8Array(3))].join('.')}`
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: details,
      remoteAddress,
    })
    return {
      registrationToken: registrationToken(res),
      otp: otpFromOutbox(app, details.email.toLowerCase()),
    }
  }

  /** A registration whose code may be resent: the body `POST /api/auth/resendOtp` accepts. */
  const resendableRegistration = async () => {
    const { registrationToken: token } = await pendingRegistration()
    // As if the code had been mailed a minute ago: one code a minute per email.
    await db
      .update(otpRequests)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(otpRequests.tokenHash, hashRegistrationToken(token)))
    return { registrationToken: token }
  }

  /** A live reset link's token, for an account of its own (using it ends that account's sessions). */
  const resetToken = async () => {
    const user = await createUser(db, { role: 'user', type: 'user' })
    const { token, tokenHash } = newSecretToken()
    await db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 15 * 60_000) })
    return token
  }

  /** A live mobile sign-in code for a shopper of its own with a verified mobile. */
  const mobileSignIn = async () => {
    const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    const user = await createUser(db, { role: 'user', type: 'user' })
    await db
      .update(usersTable)
      .set({ mobile, mobileVerifiedAt: new Date() })
      .where(eq(usersTable.id, user.id))
    const id = crypto.randomUUID()
    await db.insert(mobileSignInCodes).values({
      id,
      userId: user.id,
      mobile,
      codeHash: hashOtp(id, '123456'),
      expiresAt: new Date(Date.now() + 10 * 60_000),
    })
    return { mobile, otp: '123456' }
  }

  /** The PayU form fields A's checkout page would post to the provider (the sandbox here). */
  const payuForm = async () => {
    const { sessionId } = await freshOrderA('PAYU')
    const page = await app.inject({
      method: 'GET',
      url: `/api/payments/payu/checkout?payment_session_id=${encodeURIComponent(sessionId)}`,
      headers: { cookie: (await cookie('shopperA'))! },
    })
    return Object.fromEntries(
      [...page.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    )
  }

  /**
   * Puts back what fuzzing other routes may have changed under the examples' feet (A's main
   * address, S1's product, the sellers' approval), so the access table's requests keep working.
   */
  const restore = async () => {
    // Not as the default: another may have become it meanwhile (one per user).
    await db
      .insert(addresses)
      .values({ ...shopperA.address, isDefault: false })
      .onConflictDoNothing()
    await db
      .update(vendorProfiles)
      .set({ status: 'Approved' })
      .where(inArray(vendorProfiles.userId, [users.seller1.id, users.seller2.id]))
    await db
      .update(products)
      .set({ deletedAt: null, listed: true, totalStock: 100_000 })
      .where(eq(products.id, productS1.id))
  }

  const world = {
    app,
    db,
    routes,
    users,
    login: { email: login.email, password: LOGIN_PASSWORD },
    png,
    cookie,
    addressA: shopperA.address,
    productS1,
    /** A's confirmed COD order of an S1 product (details, invoices). */
    orderA: await freshOrderA('COD'),
    /** A's order of S1's listed product, delivered: A may review that product. */
    deliveredA: await buyProduct(app, db, shopperA, productS1.id),
    /** A's pending online orders, one per provider. */
    cashfreeA: await freshOrderA('CASHFREE'),
    payuA: await freshOrderA('PAYU'),
    gatepayA: await freshOrderA('GATEPAY'),
    phonepeA: await freshOrderA('PHONEPAY'),
    banner: await freshBanner(),
    freshProductS1,
    freshOrderA,
    freshBanner,
    cartOfA,
    pendingRegistration,
    resendableRegistration,
    resetToken,
    mobileSignIn,
    payuForm,
    restore,
    /** Gives `userId` the password LOGIN_PASSWORD. */
    setPassword: (userId: string) =>
      db.update(usersTable).set({ passwordHash: knownHash }).where(eq(usersTable.id, userId)),
    resetAddressesA,
    /** A second address of A's (the main one stays for orders). */
    async freshAddressA() {
      await resetAddressesA()
      const [address] = await db
        .insert(addresses)
        .values({ ...ADDRESS, userId: users.shopperA.id })
        .returning()
      return address!
    },
    freshPendingSeller: () => createSeller(db, 'Pending'),
    /** An approved seller an admin made before GSTINs were asked: not listed until completed. */
    freshSellerWithoutGstin: () => createSeller(db, 'Approved', { gstNumber: null }),
    /** Another user like `actor` (for routes limited per user). */
    async clone(actor: SignedInActor) {
      if (actor === 'shopperA' || actor === 'shopperB') return createShopper(db)
      const user =
        actor === 'admin'
          ? await createUser(db, { role: 'admin', type: 'admin' })
          : await createSeller(db, actor === 'pendingSeller' ? 'Pending' : 'Approved')
      return { user, address: undefined }
    },
    async close() {
      await t.close()
      rmSync(webDir, { recursive: true, force: true })
    },
  }
  return world
}

export type World = Awaited<ReturnType<typeof createWorld>>

/** The caller `actor` in this world (a guest has no user). */
export const callerOf = (world: World, actor: Actor): Caller => ({
  actor,
  user: actor === 'guest' ? undefined : world.users[actor],
})

/** Sends one request as `caller`, in its session or a new one. */
export async function callAs(
  world: World,
  caller: Caller,
  request: {
    method: string
    url: string
    payload?: string | Buffer | object
    headers?: Record<string, string>
    remoteAddress?: string
  },
) {
  const cookie = caller.cookie ?? (await world.cookie(caller.actor, caller.user))
  return world.app.inject({
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    remoteAddress: request.remoteAddress,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
  })
}
