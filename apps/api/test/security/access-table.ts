import { PRIVACY_NOTICE_VERSION, PRODUCT_CSV_COLUMNS } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import {
  brandRequests,
  coupons,
  filterOptions,
  orderLines,
  productFamilies,
  products,
  reviews,
  scheduledSales,
  wishlistItems,
} from '../../src/db/schema'
import { fillCart } from '../shop'
import type { Access } from '../../src/plugins/auth'
import { keptPagePaths } from '../../src/plugins/page-keys'
import {
  DIRECT_UPLOAD,
  form,
  json,
  multipartImage,
  FAMILY_BODY,
  PRODUCT_BODY,
  sellerDetails,
  shopperBody,
  uniqueEmail,
} from './requests'
import { makeTestP12, type TestP12 } from '../signing-certs'
import { isLateCredit } from '../../src/modules/invoices/credit-notes'
import { issueCreditNote } from '../../src/modules/invoices/issue'
import { createSeller, createUser } from '../factories'
import {
  ACTORS,
  ADDRESS,
  IMAGE_URL,
  LOGIN_PASSWORD,
  type Actor,
  type Caller,
  type World,
} from './world'

/** What one call sends (the method comes from the route; the actor's cookie is added). */
interface AccessRequest {
  url: string
  payload?: string | Buffer | object
  headers?: Record<string, string>
  remoteAddress?: string
}

interface AccessRule {
  /** The status each actor must get: the success status for those allowed, the guard's refusal for the rest. */
  expect: Record<Actor, number>
  /** Actors allowed to succeed. */
  allow: readonly Actor[]
  /**
   * Why no session matters here (public routes, or ones guarded by a signature or the network),
   * or why the allowed cannot get a 2xx in tests.
   */
  because?: string
  /** Builds the call; runs once per call, so it may make the fresh objects a call uses up. */
  request: (w: World, caller: Caller) => AccessRequest | Promise<AccessRequest>
}

const SIGNED_IN = ACTORS.filter((a) => a !== 'guest')

/**
 * `allow` get `ok`; every other actor gets `denied` (a guest 401 unless overridden). The route's
 * declared access (see ADMITS) refuses with 401/403 before the body is read; after it,
 * assertSelf answers 403 for someone else's userId, and services answer 404 for orders the
 * caller may not see.
 */
function rule(
  ok: number,
  allow: readonly Actor[],
  denied: number,
  request: AccessRule['request'],
  overrides: Partial<Record<Actor, number>> = {},
): AccessRule {
  const expect = Object.fromEntries(
    ACTORS.map((a) => [a, allow.includes(a) ? ok : a === 'guest' ? 401 : denied]),
  ) as Record<Actor, number>
  return { expect: { ...expect, ...overrides }, allow, request }
}

/** Every actor gets `status` (success: a public route; a refusal: a guard no session passes). */
function open(status: number, because: string, request: AccessRule['request']): AccessRule {
  const allow = status < 400 ? ACTORS : []
  return { ...rule(status, allow, status, request, { guest: status }), because }
}

/**
 * A's order of an S1 product, dispatched by an admin (so invoiced) and its invoice reversed by a
 * credit note: what the credit-note download points at. Made once per world.
 */
const creditedOrders = new WeakMap<World, Promise<{ orderId: string; creditNoteId: string }>>()
function creditedOrderA(w: World) {
  let made = creditedOrders.get(w)
  if (!made) {
    made = (async () => {
      const { orderId, subOrderId } = await w.freshOrderA('COD')
      const shipped = await w.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/update/${orderId}`,
        headers: { cookie: (await w.cookie('admin'))! },
        payload: { orderStatus: 'inShipping' },
      })
      if (shipped.statusCode !== 200) throw new Error(`order not shipped: ${shipped.body}`)
      const note = await w.db.transaction((tx) =>
        issueCreditNote(tx, subOrderId, new Date(), 'Parcel returned to the seller undelivered', {
          month: 11,
          day: 30,
        }),
      )
      if (!note || isLateCredit(note)) throw new Error('credit note not issued')
      return { orderId, creditNoteId: note.id }
    })()
    creditedOrders.set(w, made)
  }
  return made
}

/** A review of S1's product by a fresh shopper: no actor wrote it, so any shopper may vote. */
async function someonesReview(w: World): Promise<string> {
  const author = await createUser(w.db)
  const [row] = await w.db
    .insert(reviews)
    .values({
      productId: w.productS1.id,
      userId: author.id,
      userName: author.userName,
      message: 'Solid build',
      value: 4,
    })
    .returning({ id: reviews.id })
  return row!.id
}

/** A new S1 product whose seller suggested it for Featured (decision 085). */
async function suggestedProductS1(w: World) {
  const product = await w.freshProductS1()
  await w.db
    .update(products)
    .set({ section: null, suggestedSection: 'featured' })
    .where(eq(products.id, product.id))
  return product
}

/** A new product family of S1's, without variants yet; its id. */
async function familyS1(w: World) {
  const [row] = await w.db
    .insert(productFamilies)
    .values({ sellerId: w.users.seller1.id, title: 'Galaxy Buds Family', options: [] })
    .returning({ id: productFamilies.id })
  if (!row) throw new Error('family insert returned nothing')
  return row.id
}

/** A new pending brand request of S1's; its id. */
async function brandRequestS1(w: World) {
  const [row] = await w.db
    .insert(brandRequests)
    .values({
      sellerId: w.users.seller1.id,
      brand: `brand-${Math.random().toString(36).slice(2, 10)}`,
    })
    .returning({ id: brandRequests.id })
  return row!.id
}

/** The product file's template as the server writes it: a header and the example row. */
const productTemplateCsv = () =>
  [PRODUCT_CSV_COLUMNS.map((c) => c.name), PRODUCT_CSV_COLUMNS.map((c) => c.example)]
    .map((cells) => cells.map((cell) => `"${cell}"`).join(','))
    .join('\r\n')

/** A's return of one unit of `productId` (a COD order: the refund goes to a UPI id). */
const returnBody = (productId: string) =>
  json({
    items: [{ productId, quantity: 1 }],
    reason: 'damaged',
    payout: { kind: 'upi', upiId: 'asha@okaxis' },
  })

/** A new COD order of A's, delivered: S1 packs it, an admin ships and delivers it. */
async function deliveredOrderA(w: World) {
  const order = await w.freshOrderA('COD')
  const steps = [
    ['seller1', '/api/admin/orders/vendor-update', { _id: order.subOrderId, status: 'inProcess' }],
    ['admin', `/api/admin/orders/update/${order.orderId}`, { orderStatus: 'inShipping' }],
    ['admin', `/api/admin/orders/update/${order.orderId}`, { orderStatus: 'delivered' }],
  ] as const
  for (const [actor, url, payload] of steps) {
    const headers = { cookie: (await w.cookie(actor))! }
    const res = await w.app.inject({ method: 'PUT', url, headers, payload })
    if (res.statusCode !== 200) throw new Error(`order not delivered: ${res.body}`)
  }
  const [line] = await w.db
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.orderId))
  return { ...order, productId: line!.productId }
}

/** A return A asked for (of S1's product), waiting for S1's decision. */
async function requestedReturnA(w: World): Promise<string> {
  const order = await deliveredOrderA(w)
  const res = await w.app.inject({
    method: 'POST',
    url: `/api/shop/order/${order.orderId}/returns`,
    headers: { cookie: (await w.cookie('shopperA'))! },
    ...returnBody(order.productId),
  })
  if (res.statusCode !== 201) throw new Error(`return not requested: ${res.body}`)
  return (res.json() as { data: { _id: string }[] }).data[0]!._id
}
const sharedReturns = new WeakMap<World, Promise<string>>()
/** One return of A's, made once per world, for the callers who may not move it. */
function someReturnOfA(w: World): Promise<string> {
  let made = sharedReturns.get(w)
  if (!made) sharedReturns.set(w, (made = requestedReturnA(w)))
  return made
}

/** A new ticket of A's on its order of S1's product; `resolved`: S1 resolved it (A may appeal). */
async function ticketOfA(w: World, resolved = false): Promise<string> {
  const post = await w.app.inject({
    method: 'POST',
    url: `/api/shop/order/${w.orderA.orderId}/grievances`,
    headers: { cookie: (await w.cookie('shopperA'))! },
    payload: { category: 'delivery', message: 'Not delivered yet' },
  })
  if (post.statusCode !== 201) throw new Error(`ticket not opened: ${post.body}`)
  const id = (post.json() as { data: { _id: string } }).data._id
  if (resolved) {
    const done = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/grievances/${id}`,
      headers: { cookie: (await w.cookie('seller1'))! },
      payload: { action: 'resolve', message: 'Delivered today' },
    })
    if (done.statusCode !== 200) throw new Error(`ticket not resolved: ${done.body}`)
  }
  return id
}

/** One test certificate for the signing-key routes, made when first asked for. */
let testCert: TestP12 | undefined
const signingCert = () => (testCert ??= makeTestP12())

const SHOPPER_A = ['shopperA'] as const
const SHOPPERS = ['shopperA', 'shopperB'] as const

/** Puts `productId` on the caller's wishlist (guests have none). */
async function savedBy(w: World, caller: Caller, productId: string) {
  if (!caller.user) return
  await w.db
    .insert(wishlistItems)
    .values({ userId: caller.user.id, productId, savedPricePaise: 100 })
    .onConflictDoNothing()
}
/** A running coupon for every item, made once per world: what Apply coupon is asked about. */
const worldCoupons = new WeakMap<World, Promise<string>>()
function openCoupon(w: World): Promise<string> {
  let made = worldCoupons.get(w)
  if (!made) {
    made = (async () => {
      await w.db.insert(coupons).values({
        code: 'ACCESS10',
        kind: 'fixed',
        value: 1000,
        startsAt: new Date('2020-01-01T00:00:00Z'),
        endsAt: new Date('2100-01-01T00:00:00Z'),
        perShopperLimit: 1000,
      })
      return 'ACCESS10'
    })()
    worldCoupons.set(w, made)
  }
  return made
}

/** A fresh coupon of seller 1's (its own products, paid by it): what the edits change. */
async function couponOfS1(w: World): Promise<{ id: string; form: object }> {
  const code = `S1${crypto.randomUUID().slice(0, 8).toUpperCase()}`
  const form = {
    code,
    kind: 'percent',
    value: 5,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2027-01-01T00:00:00Z',
    scope: 'seller',
    sellerId: w.users.seller1.id,
    fundedBy: 'seller',
  }
  const [row] = await w.db
    .insert(coupons)
    .values({
      code,
      kind: 'percent',
      value: 500,
      startsAt: new Date(form.startsAt),
      endsAt: new Date(form.endsAt),
      scope: 'seller',
      sellerId: w.users.seller1.id,
      fundedBy: 'seller',
    })
    .returning({ id: coupons.id })
  return { id: row!.id, form }
}

/** A sale window starting tomorrow, for a week (real time: the world runs on the wall clock). */
function saleWindow() {
  const start = Date.now() + 86_400_000
  return {
    salePrice: 1,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 7 * 86_400_000).toISOString(),
  }
}

/** A fresh S1 product with a sale not started yet: what edits and cancels act on. */
async function upcomingSaleOfS1(w: World): Promise<string> {
  const product = await w.freshProductS1()
  const window = saleWindow()
  const [row] = await w.db
    .insert(scheduledSales)
    .values({
      productId: product.id,
      salePricePaise: 100,
      startsAt: new Date(window.startsAt),
      endsAt: new Date(window.endsAt),
    })
    .returning({ id: scheduledSales.id })
  return row!.id
}

const ADMIN = ['admin'] as const
const BACK_OFFICE = ['pendingSeller', 'seller1', 'seller2', 'admin'] as const
const SELLERS = ['pendingSeller', 'seller1', 'seller2'] as const
const UPLOADERS = ['seller1', 'seller2', 'admin'] as const
const S1_OR_ADMIN = ['seller1', 'admin'] as const
/** Who may see A's order: A, the seller with a sub-order in it, and admins. */
const ORDER_VIEWERS = ['shopperA', 'seller1', 'admin'] as const

const CATALOG = 'the storefront catalog is for everyone'
const AUTH = 'signing up and in is for guests; a session changes nothing'
const SEO = 'search engines read them: the listed catalog, which the shop shows to everyone'
const DOCS = 'the OpenAPI description of the API holds no data'
const PROBE = 'load balancers and orchestrators probe it'
const SANDBOX_COURIER =
  "the built-in courier's desk exists in demo mode only, where no real parcel moves (as a courier's own panel would push these events)"
const SANDBOX =
  "the built-in provider's hosted page: the unguessable session/transaction id in the link is the credential, as on the provider's own page"

/**
 * Whom each `config.access` a route declares lets through (plugins/auth.ts checks it before the
 * body is read); the rest get 401 (guests) or 403. Written out here rather than imported, so
 * the guard is checked against what the access levels are meant to mean.
 */
export const ADMITS: Record<Access, readonly Actor[]> = {
  public: ACTORS,
  user: SIGNED_IN,
  shopper: ['shopperA', 'shopperB'],
  backOffice: BACK_OFFICE,
  admin: ADMIN,
  seller: SELLERS,
  // No rejected seller in the world: every seller is active.
  activeSeller: SELLERS,
  uploader: UPLOADERS,
}

/**
 * Direct uploads to S3: with the tests' local storage the allowed pass the guards and get 409.
 * Starting one is the uploaders' (a product here); a shopper also finishes its own return photo's.
 */
const directUpload = (
  request: AccessRule['request'],
  allow: readonly Actor[] = UPLOADERS,
): AccessRule => ({
  ...rule(409, allow, 403, request),
  because: 'direct uploads need S3 storage; the tests store files on local disk',
})
/** Who may complete or abort an upload they started: shoppers (return photos) and uploaders. */
const UPLOAD_FINISHERS = ['shopperA', 'shopperB', ...UPLOADERS] as const

/**
 * Every registered route, by "METHOD /url" as Fastify registered it. HEAD routes Fastify adds
 * for each GET run that GET's guards and handler: they are not listed here but checked against
 * their GET's rule (see `ruleFor`).
 */
export const ACCESS: Record<string, AccessRule> = {
  // API docs (Swagger UI)
  'GET /api/docs': open(200, DOCS, () => ({ url: '/api/docs' })),
  // Swagger UI's '/' under its prefix: Fastify registers GET /api/docs and HEAD for both spellings.
  'HEAD /api/docs/': open(200, DOCS, () => ({ url: '/api/docs/' })),
  'GET /api/docs/static/index.html': open(302, DOCS, () => ({
    url: '/api/docs/static/index.html',
  })),
  'GET /api/docs/static/swagger-initializer.js': open(200, DOCS, () => ({
    url: '/api/docs/static/swagger-initializer.js',
  })),
  'GET /api/docs/json': open(200, DOCS, () => ({ url: '/api/docs/json' })),
  'GET /api/docs/yaml': open(200, DOCS, () => ({ url: '/api/docs/yaml' })),
  'GET /api/docs/static/*': open(200, DOCS, () => ({ url: '/api/docs/static/swagger-ui.css' })),

  // Health, auth
  'GET /api/health': open(200, PROBE, () => ({ url: '/api/health' })),
  'GET /api/ready': open(200, PROBE, () => ({ url: '/api/ready' })),
  // Read from this machine or with METRICS_TOKEN; from elsewhere no session gets it.
  'GET /api/metrics': open(
    403,
    'metrics are guarded by the network (loopback) or a token, never by a session',
    () => ({ url: '/api/metrics', remoteAddress: '203.0.113.9' }),
  ),
  'POST /api/auth/register': open(200, AUTH, () => ({
    url: '/api/auth/register',
    ...json(shopperBody()),
  })),
  'POST /api/auth/resendOtp': open(200, AUTH, async (w) => ({
    url: '/api/auth/resendOtp',
    ...json(await w.resendableRegistration()),
  })),
  'POST /api/auth/verifyOtp': open(201, AUTH, async (w) => ({
    url: '/api/auth/verifyOtp',
    ...json(await w.pendingRegistration()),
  })),
  'POST /api/auth/login': open(200, AUTH, (w) => ({ url: '/api/auth/login', ...json(w.login) })),
  // The same answer whether or not the number has an account (decision 093).
  'POST /api/auth/mobile/request-otp': open(200, AUTH, () => ({
    url: '/api/auth/mobile/request-otp',
    ...json({ mobile: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` }),
  })),
  'POST /api/auth/mobile/verify': open(200, AUTH, async (w) => ({
    url: '/api/auth/mobile/verify',
    ...json(await w.mobileSignIn()),
  })),
  'POST /api/auth/forgot-password': open(200, AUTH, () => ({
    url: '/api/auth/forgot-password',
    ...json({ email: uniqueEmail() }),
  })),
  'POST /api/auth/reset-password': open(200, AUTH, async (w) => ({
    url: '/api/auth/reset-password',
    ...json({ token: await w.resetToken(), newPassword: 'Secret456' }),
  })),
  // Reading a link's state needs no session: the link itself is the key, and it is not used up.
  'POST /api/auth/reset-password/check': open(200, AUTH, async (w) => ({
    url: '/api/auth/reset-password/check',
    ...json({ token: await w.resetToken() }),
  })),
  'POST /api/auth/logout': open(200, 'signing out without a session is a no-op', () => ({
    url: '/api/auth/logout',
  })),
  // The caller's own password (set to a known one first); guests are refused before the body.
  'POST /api/auth/change-password': rule(200, SIGNED_IN, 401, async (w, caller) => {
    if (caller.user) await w.setPassword(caller.user.id)
    return {
      url: '/api/auth/change-password',
      ...json({ currentPassword: LOGIN_PASSWORD, newPassword: 'Secret456' }),
    }
  }),
  'GET /api/auth/check-auth': rule(200, SIGNED_IN, 401, () => ({ url: '/api/auth/check-auth' })),

  // Catalog, search, reviews, banners, contact
  'GET /api/shop/products/get': open(200, CATALOG, () => ({
    url: '/api/shop/products/get?category=electronics&sortBy=title-atoz',
  })),
  'GET /api/shop/products/get/:id': open(200, CATALOG, (w) => ({
    url: `/api/shop/products/get/${w.productS1.id}`,
  })),
  'GET /api/shop/products/by-path/:path': open(200, CATALOG, (w) => ({
    url: `/api/shop/products/by-path/any-title-${w.productS1.shortId}`,
  })),
  'GET /api/shop/products/facets': open(200, CATALOG, () => ({
    url: '/api/shop/products/facets?brand=samsung&maxPrice=50000',
  })),
  'GET /api/shop/filter/fetch': open(200, CATALOG, () => ({ url: '/api/shop/filter/fetch' })),
  'GET /api/shop/policies': open(200, "the shop's terms are shown before anyone buys", () => ({
    url: '/api/shop/policies',
  })),
  'GET /api/shop/search/:keyword': open(200, CATALOG, () => ({
    url: '/api/shop/search/galaxy',
  })),
  'GET /api/shop/suggestions': open(200, CATALOG, () => ({
    url: '/api/shop/suggestions?q=gal',
  })),
  'GET /api/shop/review/:productId': open(200, CATALOG, (w) => ({
    url: `/api/shop/review/${w.productS1.id}`,
  })),
  'POST /api/shop/review/add': rule(200, SHOPPER_A, 403, (w) => ({
    url: '/api/shop/review/add',
    ...json({
      productId: w.productS1.id,
      userId: w.users.shopperA.id,
      reviewMessage: 'Works well',
      reviewValue: 4,
    }),
  })),
  'GET /api/shop/review/eligibility/:productId': rule(200, SIGNED_IN, 401, (w) => ({
    url: `/api/shop/review/eligibility/${w.productS1.id}`,
  })),
  'GET /api/shop/review/mine/:productId': rule(200, SIGNED_IN, 401, (w) => ({
    url: `/api/shop/review/mine/${w.productS1.id}`,
  })),
  // Shoppers mark other people's reviews; staff accounts are refused by the service (403).
  'POST /api/shop/review/:reviewId/helpful': rule(
    200,
    ['shopperA', 'shopperB'],
    403,
    async (w) => ({
      url: `/api/shop/review/${await someonesReview(w)}/helpful`,
    }),
  ),
  'DELETE /api/shop/review/:reviewId/helpful': rule(
    200,
    ['shopperA', 'shopperB'],
    403,
    async (w) => ({ url: `/api/shop/review/${await someonesReview(w)}/helpful` }),
  ),
  'GET /api/common/feature/get': open(200, CATALOG, () => ({ url: '/api/common/feature/get' })),
  'POST /api/common/feature/add': rule(201, ADMIN, 403, (w) => ({
    url: '/api/common/feature/add',
    ...json({
      image: IMAGE_URL,
      title: 'Sale',
      link: { kind: 'product', productId: w.productS1.id },
    }),
  })),
  'GET /api/common/feature/all': rule(200, ADMIN, 403, () => ({ url: '/api/common/feature/all' })),
  'PATCH /api/common/feature/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/common/feature/${(await w.freshBanner()).id}`,
    ...json({ sortOrder: 3 }),
  })),
  'DELETE /api/common/feature/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/common/feature/${(await w.freshBanner()).id}`,
  })),
  'POST /api/common/contact': open(201, 'the Contact Us form is for everyone', () => ({
    url: '/api/common/contact',
    ...json({ name: 'Asha', email: 'asha@example.in', subject: 'Hello', message: 'A question' }),
  })),

  // Privacy (issue 30.11): one's own consents and data; only shoppers delete themselves here
  'GET /api/shop/privacy/consents': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/privacy/consents',
  })),
  'PUT /api/shop/privacy/consents/:purpose': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/privacy/consents/marketing',
  })),
  'DELETE /api/shop/privacy/consents/:purpose': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/privacy/consents/marketing',
  })),
  'POST /api/shop/privacy/notice': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/privacy/notice',
    ...json({ noticeVersion: PRIVACY_NOTICE_VERSION, consentAccount: true }),
  })),
  'GET /api/shop/privacy/export': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/privacy/export',
  })),
  'POST /api/shop/privacy/delete-account': {
    ...rule(400, ['shopperA', 'shopperB'], 403, () => ({
      url: '/api/shop/privacy/delete-account',
      ...json({ password: 'Not-the-password-1' }),
    })),
    because:
      "deleting the world's shoppers would end the other checks: a wrong password stops them past the guards (privacy.routes.test.ts deletes real accounts); sellers and admins are refused",
  },

  // Orders, invoices, payments (A's orders of S1's products)
  'GET /api/shop/order/limits': open(
    200,
    'the order limits are shown to every shopper before checkout',
    () => ({ url: '/api/shop/order/limits' }),
  ),
  'GET /api/shop/order/quote': rule(200, SIGNED_IN, 401, () => ({
    url: '/api/shop/order/quote',
  })),
  // Coupons (decision 092): admins manage all, a seller its own (others' answer 404).
  'GET /api/admin/coupons': rule(200, BACK_OFFICE, 403, () => ({ url: '/api/admin/coupons' })),
  'POST /api/admin/coupons': rule(201, BACK_OFFICE, 403, () => ({
    url: '/api/admin/coupons',
    ...json({
      code: `NEW${crypto.randomUUID().slice(0, 8)}`,
      kind: 'fixed',
      value: 50,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    }),
  })),
  'PUT /api/admin/coupons/:id': rule(
    200,
    S1_OR_ADMIN,
    404,
    async (w) => {
      const { id, form } = await couponOfS1(w)
      return { url: `/api/admin/coupons/${id}`, ...json(form) }
    },
    { shopperA: 403, shopperB: 403 },
  ),
  // Scheduled sales (decision 092): admins manage all, a seller its own products' (others' 404).
  'GET /api/admin/scheduled-sales': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/scheduled-sales',
  })),
  'POST /api/admin/scheduled-sales': rule(
    201,
    S1_OR_ADMIN,
    404,
    async (w) => ({
      url: '/api/admin/scheduled-sales',
      ...json({ productId: (await w.freshProductS1()).id, ...saleWindow() }),
    }),
    { shopperA: 403, shopperB: 403 },
  ),
  'PUT /api/admin/scheduled-sales/:id': rule(
    200,
    S1_OR_ADMIN,
    404,
    async (w) => ({
      url: `/api/admin/scheduled-sales/${await upcomingSaleOfS1(w)}`,
      ...json(saleWindow()),
    }),
    { shopperA: 403, shopperB: 403 },
  ),
  'POST /api/admin/scheduled-sales/:id/cancel': rule(
    200,
    S1_OR_ADMIN,
    404,
    async (w) => ({ url: `/api/admin/scheduled-sales/${await upcomingSaleOfS1(w)}/cancel` }),
    { shopperA: 403, shopperB: 403 },
  ),
  'POST /api/shop/order/coupon': rule(200, SHOPPERS, 403, async (w) => ({
    url: '/api/shop/order/coupon',
    ...json({
      couponCode: await openCoupon(w),
      buyNow: { productId: (await w.freshProductS1()).id, quantity: 1 },
    }),
  })),
  'POST /api/shop/order/create': rule(201, SHOPPER_A, 403, async (w) => {
    await w.cartOfA((await w.freshProductS1()).id)
    return {
      url: '/api/shop/order/create',
      ...json({
        userId: w.users.shopperA.id,
        addressInfo: { addressId: w.addressA.id },
        paymentMethod: 'COD',
      }),
    }
  }),
  'GET /api/shop/order/list/:userId': rule(200, SHOPPER_A, 403, (w) => ({
    url: `/api/shop/order/list/${w.users.shopperA.id}`,
  })),
  'GET /api/shop/order/details/:orderId': rule(200, ORDER_VIEWERS, 404, (w) => ({
    url: `/api/shop/order/details/${w.orderA.orderId}`,
  })),
  'GET /api/shop/order/:orderId/invoice.pdf': {
    ...rule(409, ORDER_VIEWERS, 404, (w) => ({
      url: `/api/shop/order/${w.orderA.orderId}/invoice.pdf`,
    })),
    because:
      'the order is confirmed, not dispatched: its viewers pass the checks and learn the invoice is issued at dispatch; everyone else is told the order does not exist',
  },
  'GET /api/shop/order/:orderId/credit-notes/:creditNoteId.pdf': rule(
    200,
    ORDER_VIEWERS,
    404,
    async (w) => {
      const { orderId, creditNoteId } = await creditedOrderA(w)
      return { url: `/api/shop/order/${orderId}/credit-notes/${creditNoteId}.pdf` }
    },
  ),
  'POST /api/shop/order/capture': rule(200, SHOPPER_A, 404, (w) => ({
    url: '/api/shop/order/capture',
    ...json({ orderId: w.cashfreeA.orderId }),
  })),
  // Pay now / Cancel on A's unpaid online order: anyone else's order reads as missing (404).
  'POST /api/shop/order/:orderId/pay': rule(200, SHOPPER_A, 404, async (w) => ({
    url: `/api/shop/order/${(await w.freshOrderA('CASHFREE')).orderId}/pay`,
  })),
  'POST /api/shop/order/:orderId/cancel': rule(200, SHOPPER_A, 404, async (w) => ({
    url: `/api/shop/order/${(await w.freshOrderA('CASHFREE')).orderId}/cancel`,
    ...json({ reason: 'Changed my mind' }),
  })),
  // Someone else's payment link reads as invalid (400), exactly like an expired one.
  'GET /api/payments/deposit': rule(200, SHOPPER_A, 400, (w) => ({
    url: `/api/payments/deposit?payment_session_id=${w.cashfreeA.sessionId}`,
  })),
  'POST /api/payments/status': rule(200, SHOPPER_A, 404, (w) => ({
    url: '/api/payments/status',
    ...json({ payment_session_id: w.cashfreeA.sessionId }),
  })),
  'GET /api/payments/payu/checkout': rule(200, SHOPPER_A, 400, (w) => ({
    url: `/api/payments/payu/checkout?payment_session_id=${w.payuA.sessionId}`,
  })),
  'POST /api/payments/return/:provider': open(
    303,
    'PayU posts the browser back cross-site (no cookie); the response hash decides, and every answer is the same redirect',
    () => ({ url: '/api/payments/return/payu', ...form({ txnid: 'x', status: 'success' }) }),
  ),
  'POST /api/payments/webhook/:provider': open(
    400,
    'provider notifications carry no session: the signature is the credential, so an unsigned one is refused for everyone (signed ones: payments tests)',
    () => ({ url: '/api/payments/webhook/cashfree', ...json({ data: {} }) }),
  ),

  // Sandbox payment gateway (plays the providers without keys)
  'GET /sandbox-gateway': open(200, SANDBOX, (w) => ({
    url: `/sandbox-gateway?payment_session_id=${w.cashfreeA.sessionId}`,
  })),
  'POST /sandbox-gateway': open(303, SANDBOX, async (w) => ({
    url: '/sandbox-gateway',
    ...form({ payment_session_id: (await w.freshOrderA('CASHFREE')).sessionId, outcome: 'pay' }),
  })),
  'POST /sandbox-gateway/payu': open(200, SANDBOX, async (w) => ({
    url: '/sandbox-gateway/payu',
    ...form(await w.payuForm()),
  })),
  'POST /sandbox-gateway/payu/complete': open(303, SANDBOX, async (w) => {
    const fields = await w.payuForm()
    await w.app.inject({ method: 'POST', url: '/sandbox-gateway/payu', ...form(fields) })
    return {
      url: '/sandbox-gateway/payu/complete',
      ...form({ txnid: fields.txnid!, outcome: 'pay' }),
    }
  }),
  'GET /sandbox-gateway/gatepay': open(200, SANDBOX, (w) => ({
    url: `/sandbox-gateway/gatepay?prepayId=${w.gatepayA.prepayId}`,
  })),
  'POST /sandbox-gateway/gatepay': open(303, SANDBOX, async (w) => ({
    url: '/sandbox-gateway/gatepay',
    ...form({ prepayId: (await w.freshOrderA('GATEPAY')).prepayId, outcome: 'fail' }),
  })),
  'GET /sandbox-gateway/phonepe': open(200, SANDBOX, (w) => ({
    url: `/sandbox-gateway/phonepe?txn=${w.phonepeA.txn}`,
  })),
  'POST /sandbox-gateway/phonepe': open(303, SANDBOX, async (w) => ({
    url: '/sandbox-gateway/phonepe',
    ...form({ txn: (await w.freshOrderA('PHONEPAY')).txn, outcome: 'pay' }),
  })),

  // Uploads, back-office products, filters, vendors
  'GET /api/uploads/config': open(200, 'says which upload path the browser uses; no data', () => ({
    url: '/api/uploads/config',
  })),
  'POST /api/uploads/multipart': directUpload(() => ({
    url: '/api/uploads/multipart',
    ...json({ kind: 'product', contentType: 'image/png', size: 1000 }),
  })),
  'POST /api/uploads/multipart/complete': directUpload(
    () => ({
      url: '/api/uploads/multipart/complete',
      ...json({ ...DIRECT_UPLOAD, parts: [{ partNumber: 1, etag: '"etag-1"' }] }),
    }),
    UPLOAD_FINISHERS,
  ),
  'POST /api/uploads/multipart/abort': directUpload(
    () => ({ url: '/api/uploads/multipart/abort', ...json(DIRECT_UPLOAD) }),
    UPLOAD_FINISHERS,
  ),
  // Access `user`: shoppers upload return photos (src/modules/uploads tests); a product image,
  // as here, stays the uploaders', refused before the query is validated.
  'POST /api/uploads': rule(201, UPLOADERS, 403, (w) => ({
    url: '/api/uploads?kind=product',
    ...multipartImage(w.png),
  })),
  'POST /api/admin/products/add': rule(201, BACK_OFFICE, 403, () => ({
    url: '/api/admin/products/add',
    ...json(PRODUCT_BODY),
  })),
  'GET /api/admin/products/get': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/products/get',
  })),
  'PUT /api/admin/products/edit/:id': rule(200, S1_OR_ADMIN, 403, (w) => ({
    url: `/api/admin/products/edit/${w.productS1.id}`,
    ...json({ ...PRODUCT_BODY, title: w.productS1.title, totalStock: 100_000 }),
  })),
  'DELETE /api/admin/products/delete/:id': rule(200, S1_OR_ADMIN, 403, async (w) => ({
    url: `/api/admin/products/delete/${(await w.freshProductS1()).id}`,
  })),
  'POST /api/admin/products/families': rule(201, BACK_OFFICE, 403, () => ({
    url: '/api/admin/products/families',
    ...json(FAMILY_BODY),
  })),
  'GET /api/admin/products/families/:id': rule(200, S1_OR_ADMIN, 403, async (w) => ({
    url: `/api/admin/products/families/${await familyS1(w)}`,
  })),
  'PUT /api/admin/products/families/:id': rule(200, S1_OR_ADMIN, 403, async (w) => ({
    url: `/api/admin/products/families/${await familyS1(w)}`,
    ...json(FAMILY_BODY),
  })),
  // Decision 095: bulk product files. Dry runs: the table's calls save nothing.
  'GET /api/admin/products/bulk/template': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/products/bulk/template?kind=stock-price',
  })),
  'POST /api/admin/products/bulk/import': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/products/bulk/import?dryRun=true',
    ...json({ csv: productTemplateCsv() }),
  })),
  'POST /api/admin/products/bulk/stock-price': rule(200, BACK_OFFICE, 403, (w) => ({
    url: '/api/admin/products/bulk/stock-price?dryRun=true',
    ...json({ items: [{ id: w.productS1.id, totalStock: 7 }] }),
  })),
  'POST /api/shop/filter/create': rule(201, ADMIN, 403, () => ({
    url: '/api/shop/filter/create',
    ...json({ category: 'wearables', brand: 'noise' }),
  })),
  // Decision 085: suggested home sections, brand requests, removable filter options.
  'POST /api/admin/products/section/approve/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/products/section/approve/${(await suggestedProductS1(w)).id}`,
  })),
  'POST /api/admin/products/section/decline/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/products/section/decline/${(await suggestedProductS1(w)).id}`,
  })),
  'DELETE /api/admin/filters/:kind/:value': rule(200, ADMIN, 403, async (w) => {
    const value = `unused-${Math.random().toString(36).slice(2, 10)}`
    await w.db.insert(filterOptions).values({ kind: 'brand', value })
    return { url: `/api/admin/filters/brand/${value}` }
  }),
  'POST /api/admin/brand-requests': rule(201, SELLERS, 403, () => ({
    url: '/api/admin/brand-requests',
    ...json({ brand: `brand-${Math.random().toString(36).slice(2, 10)}`, note: 'We sell it' }),
  })),
  'GET /api/admin/brand-requests': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/brand-requests',
  })),
  'POST /api/admin/brand-requests/approve/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/brand-requests/approve/${await brandRequestS1(w)}`,
  })),
  'POST /api/admin/brand-requests/decline/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/brand-requests/decline/${await brandRequestS1(w)}`,
    ...json({ reason: 'Not a brand we can verify' }),
  })),
  'GET /api/admin/vendors': rule(200, ADMIN, 403, () => ({ url: '/api/admin/vendors' })),
  'POST /api/admin/vendors': rule(201, ADMIN, 403, () => ({
    url: '/api/admin/vendors',
    ...json({
      userName: 'New Seller',
      email: uniqueEmail(),
      password: 'Secret123',
      ...sellerDetails(),
    }),
  })),
  'PUT /api/admin/vendors/:id/details': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/vendors/${(await w.freshSellerWithoutGstin()).id}/details`,
    ...json(sellerDetails()),
  })),
  'PUT /api/admin/vendors/:id/status': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/vendors/${(await w.freshPendingSeller()).id}/status`,
    ...json({ status: 'Approved' }),
  })),
  'GET /api/admin/vendors/:id/e-invoicing': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/e-invoicing`,
  })),
  'PUT /api/admin/vendors/:id/e-invoicing': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/e-invoicing`,
    ...json({ applies: false }),
  })),
  'POST /api/admin/vendors/:id/gstin-check': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/gstin-check`,
  })),
  'GET /api/admin/vendors/:vendorId/signing-key': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/signing-key`,
  })),
  'PUT /api/admin/vendors/:vendorId/signing-key': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/signing-key`,
    ...json({
      p12Base64: signingCert().p12.toString('base64'),
      passphrase: signingCert().passphrase,
    }),
  })),
  'DELETE /api/admin/vendors/:vendorId/signing-key': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/vendors/${w.users.seller2.id}/signing-key`,
  })),

  // A seller's own business address (pending sellers too, rejected ones not)
  'GET /api/admin/business-address': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/business-address',
  })),
  'PUT /api/admin/business-address': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/business-address',
    ...json({
      // The factory's sellers hold Maharashtra GSTINs.
      businessName: 'Asha Traders',
      addressLine: '12 Linking Road',
      city: 'Mumbai',
      stateCode: '27',
      pincode: '400050',
    }),
  })),
  // The seller's own setup checklist (decision 084); admins sell nothing and are refused.
  'GET /api/admin/seller-setup': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/seller-setup',
  })),

  // A's cart and addresses: only A, whoever else asks (admins too) gets 403
  'POST /api/shop/cart/add': rule(200, SHOPPER_A, 403, (w) => ({
    url: '/api/shop/cart/add',
    ...json({ userId: w.users.shopperA.id, productId: w.productS1.id, quantity: 1 }),
  })),
  'GET /api/shop/cart/get/:userId': rule(200, SHOPPER_A, 403, (w) => ({
    url: `/api/shop/cart/get/${w.users.shopperA.id}?page=1&limit=10`,
  })),
  'PUT /api/shop/cart/update-cart': rule(200, SHOPPER_A, 403, async (w) => {
    await w.cartOfA(w.productS1.id)
    return {
      url: '/api/shop/cart/update-cart',
      ...json({ userId: w.users.shopperA.id, productId: w.productS1.id, quantity: 2 }),
    }
  }),
  'DELETE /api/shop/cart/:userId/:productId': rule(200, SHOPPER_A, 403, async (w) => {
    await w.cartOfA(w.productS1.id)
    return { url: `/api/shop/cart/${w.users.shopperA.id}/${w.productS1.id}` }
  }),
  'POST /api/shop/cart/merge': rule(200, SHOPPER_A, 403, (w) => ({
    url: '/api/shop/cart/merge',
    ...json({ userId: w.users.shopperA.id, items: [{ productId: w.productS1.id, quantity: 1 }] }),
  })),
  // The wishlist works on the caller's own list (no user id to name): every shopper gets 200.
  // The caller's own SMS choices (no user id to name); back-office accounts have none.
  'GET /api/account/sms-preferences': rule(200, SHOPPERS, 403, () => ({
    url: '/api/account/sms-preferences',
  })),
  'PUT /api/account/sms-preferences': rule(200, SHOPPERS, 403, () => ({
    url: '/api/account/sms-preferences',
    ...json({
      order_placed: true,
      shipped: true,
      out_for_delivery: false,
      delivered: true,
      refund_completed: true,
    }),
  })),
  'POST /api/account/mobile/request-otp': {
    ...rule(200, SHOPPERS, 403, () => ({ url: '/api/account/mobile/request-otp' }), {
      shopperB: 429,
    }),
    because:
      "the world's shoppers carry the factory's one mobile number: the per-number gap of a minute answers the second (mobile-verification.test.ts sends and verifies)",
  },
  'POST /api/account/mobile/verify': {
    ...rule(400, SHOPPERS, 403, () => ({
      url: '/api/account/mobile/verify',
      ...json({ otp: '000000' }),
    })),
    because: 'a wrong code stops a shopper past the guards (mobile-verification.test.ts verifies)',
  },
  'GET /api/shop/wishlist': rule(200, SHOPPERS, 403, () => ({ url: '/api/shop/wishlist' })),
  'POST /api/shop/wishlist': rule(200, SHOPPERS, 403, (w) => ({
    url: '/api/shop/wishlist',
    ...json({ productId: w.productS1.id }),
  })),
  'DELETE /api/shop/wishlist/:productId': rule(200, SHOPPERS, 403, async (w, caller) => {
    await savedBy(w, caller, w.productS1.id)
    return { url: `/api/shop/wishlist/${w.productS1.id}` }
  }),
  'POST /api/shop/wishlist/merge': rule(200, SHOPPERS, 403, (w) => ({
    url: '/api/shop/wishlist/merge',
    ...json({ productIds: [w.productS1.id] }),
  })),
  'PUT /api/shop/wishlist/preferences': rule(200, SHOPPERS, 403, () => ({
    url: '/api/shop/wishlist/preferences',
    ...json({ notify: true }),
  })),
  'POST /api/shop/wishlist/from-cart/:productId': rule(200, SHOPPERS, 403, async (w, caller) => {
    const product = await w.freshProductS1()
    if (caller.user) await fillCart(w.db, caller.user.id, [{ productId: product.id, quantity: 1 }])
    return { url: `/api/shop/wishlist/from-cart/${product.id}` }
  }),
  'POST /api/shop/wishlist/:productId/to-cart': rule(200, SHOPPERS, 403, async (w, caller) => {
    const product = await w.freshProductS1()
    await savedBy(w, caller, product.id)
    return { url: `/api/shop/wishlist/${product.id}/to-cart` }
  }),
  'POST /api/shop/address/add': rule(201, SHOPPER_A, 403, async (w) => {
    await w.resetAddressesA()
    return { url: '/api/shop/address/add', ...json({ ...ADDRESS, userId: w.users.shopperA.id }) }
  }),
  'GET /api/shop/address/get/:userId': rule(200, SHOPPER_A, 403, (w) => ({
    url: `/api/shop/address/get/${w.users.shopperA.id}`,
  })),
  'PUT /api/shop/address/update/:userId/:addressId': rule(200, SHOPPER_A, 403, (w) => ({
    url: `/api/shop/address/update/${w.users.shopperA.id}/${w.addressA.id}`,
    ...json({
      ...ADDRESS,
      address: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      stateCode: '29',
    }),
  })),
  'PUT /api/shop/address/default/:userId/:addressId': rule(200, SHOPPER_A, 403, async (w) => ({
    url: `/api/shop/address/default/${w.users.shopperA.id}/${(await w.freshAddressA()).id}`,
  })),
  'DELETE /api/shop/address/delete/:userId/:addressId': rule(200, SHOPPER_A, 403, async (w) => ({
    url: `/api/shop/address/delete/${w.users.shopperA.id}/${(await w.freshAddressA()).id}`,
  })),

  // Back-office orders
  'GET /api/admin/orders/get': rule(200, ADMIN, 403, () => ({ url: '/api/admin/orders/get' })),
  'GET /api/admin/orders/export': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/orders/export',
  })),
  'GET /api/admin/orders/getVendor': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/orders/getVendor',
  })),
  // Shoppers are refused by the role guard (403); sellers without a part in it get 404.
  'GET /api/admin/orders/details/:id': rule(
    200,
    S1_OR_ADMIN,
    403,
    (w) => ({ url: `/api/admin/orders/details/${w.orderA.orderId}` }),
    { pendingSeller: 404, seller2: 404 },
  ),
  'PUT /api/admin/orders/update/:id': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/orders/update/${(await w.freshOrderA()).orderId}`,
    ...json({ orderStatus: 'inProcess' }),
  })),
  'PUT /api/admin/orders/vendor-update': rule(200, ['seller1'], 403, async (w) => ({
    url: '/api/admin/orders/vendor-update',
    // Shipped and Delivered are the courier's to mark (a seller books it with vendor-ship).
    ...json({ _id: (await w.freshOrderA()).subOrderId, status: 'inProcess' }),
  })),
  'GET /api/admin/dashboard': rule(200, ADMIN, 403, () => ({ url: '/api/admin/dashboard' })),
  'GET /api/admin/refunds': rule(200, ADMIN, 403, () => ({ url: '/api/admin/refunds?filter=all' })),
  'PUT /api/admin/refunds/:refundId': {
    ...rule(404, ADMIN, 403, () => ({
      url: `/api/admin/refunds/${crypto.randomUUID()}`,
      ...json({ action: 'retry' }),
    })),
    because: 'a refund exists only once money is owed back; refunds.test.ts retries real ones',
  },
  // The sellers' ledger (issue 28): each seller its own earnings, admins any seller's.
  'GET /api/admin/settlements/earnings': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/earnings',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/earnings': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/earnings`,
  })),
  // Its reports (decision 61): the marketplace's returns for admins, each seller's statements
  // and tax figures for itself and for admins.
  'GET /api/admin/settlements/reports/gstr8': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/reports/gstr8?month=2026-11',
  })),
  'GET /api/admin/settlements/reports/26q': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/reports/26q?fy=2026&quarter=3&format=csv',
  })),
  'GET /api/admin/settlements/statements/:month': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/statements/2026-11',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/statements/:month': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/statements/2026-11?format=csv`,
  })),
  'GET /api/admin/settlements/tcs-statements/:month': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/tcs-statements/2026-11',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/tcs-statements/:month': rule(
    200,
    ADMIN,
    403,
    (w) => ({
      url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/tcs-statements/2026-11`,
    }),
  ),
  'GET /api/admin/settlements/tds-certificates/:fy/:quarter': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/tds-certificates/2026/3',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/tds-certificates/:fy/:quarter': rule(
    200,
    ADMIN,
    403,
    (w) => ({
      url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/tds-certificates/2026/3`,
    }),
  ),
  // The marketplace's fee invoices to sellers (decision 63): each seller its own, admins any
  // seller's and the month's list for GSTR-1.
  'GET /api/admin/settlements/fee-invoices': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/fee-invoices',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/fee-invoices': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/fee-invoices`,
  })),
  'GET /api/admin/settlements/reports/fee-invoices': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/reports/fee-invoices?month=2026-11&format=csv',
  })),
  'GET /api/admin/settlements/fee-invoices/:feeInvoiceId/pdf': {
    ...rule(404, BACK_OFFICE, 403, () => ({
      url: `/api/admin/settlements/fee-invoices/${crypto.randomUUID()}/pdf`,
    })),
    because:
      'a fee invoice exists once a month with charges has ended; fee-invoices.test.ts downloads real ones, its seller only',
  },
  // The commission schedule (decision 62): admins only. The change is to a category no product
  // has, far ahead, so it prices nothing the other rows deliver.
  'GET /api/admin/settlements/commission-rules': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/commission-rules?history=true',
  })),
  'POST /api/admin/settlements/commission-rules': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/commission-rules',
    ...json({
      effectiveFrom: '2030-01-01',
      category: 'access-matrix',
      bands: [
        {
          minUnitRupees: 0,
          maxUnitRupees: null,
          percent: 5,
          closingFeeRupees: 10,
          commissionReversedOnReturn: true,
        },
      ],
    }),
  })),
  // Payouts (decision 60): each seller its own details and payouts; admins run, hold and settle.
  'GET /api/admin/settlements/payout-details': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/payout-details',
  })),
  'PUT /api/admin/settlements/payout-details': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/payout-details',
    ...json({
      pan: 'ABCPE1234F',
      panName: 'Access Seller',
      holderName: 'Access Seller',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    }),
  })),
  'GET /api/admin/settlements/payouts': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/settlements/payouts',
  })),
  'GET /api/admin/settlements/sellers': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/settlements/sellers',
  })),
  'GET /api/admin/settlements/sellers/:sellerId/payout-details': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/payout-details`,
  })),
  'POST /api/admin/settlements/sellers/:sellerId/payout-details/confirm': {
    ...rule(404, ADMIN, 403, async (w) => ({
      url: `/api/admin/settlements/sellers/${(await createSeller(w.db)).id}/payout-details/confirm`,
    })),
    because: 'a fresh seller has given no account; bank-file-payouts.test.ts confirms real ones',
  },
  'GET /api/admin/settlements/sellers/:sellerId/payouts': rule(200, ADMIN, 403, (w) => ({
    url: `/api/admin/settlements/sellers/${w.productS1.sellerId}/payouts`,
  })),
  'PUT /api/admin/settlements/sellers/:sellerId/hold': rule(200, ADMIN, 403, async (w) => ({
    url: `/api/admin/settlements/sellers/${(await createSeller(w.db)).id}/hold`,
    ...json({ reason: 'Access matrix hold' }),
  })),
  'DELETE /api/admin/settlements/sellers/:sellerId/hold': {
    ...rule(409, ADMIN, 403, async (w) => ({
      url: `/api/admin/settlements/sellers/${(await createSeller(w.db)).id}/hold`,
    })),
    because: 'a fresh seller has no hold to release; payouts.routes.test.ts releases real ones',
  },
  'GET /api/admin/payout-runs': rule(200, ADMIN, 403, () => ({ url: '/api/admin/payout-runs' })),
  'POST /api/admin/payout-runs': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/payout-runs',
    ...json({}),
  })),
  ...Object.fromEntries(
    (
      [
        ['GET /api/admin/payout-runs/:runId', ''],
        ['POST /api/admin/payout-runs/:runId/approve', '/approve'],
        ['POST /api/admin/payout-runs/:runId/discard', '/discard'],
        ['GET /api/admin/payout-runs/:runId/bank-file', '/bank-file'],
      ] as const
    ).map(([key, tail]) => [
      key,
      {
        ...rule(404, ADMIN, 403, () => ({
          url: `/api/admin/payout-runs/${crypto.randomUUID()}${tail}`,
          ...(key.startsWith('POST') ? json({}) : {}),
        })),
        because: 'a run exists once an admin makes one; payouts.routes.test.ts works real ones',
      },
    ]),
  ),
  'POST /api/admin/payouts/:payoutId/retry': {
    ...rule(404, ADMIN, 403, () => ({
      url: `/api/admin/payouts/${crypto.randomUUID()}/retry`,
      ...json({}),
    })),
    because: 'only a failed payout is retried; payouts.routes.test.ts retries a real one',
  },
  'POST /api/admin/payouts/:payoutId/check': {
    ...rule(404, ADMIN, 403, () => ({
      url: `/api/admin/payouts/${crypto.randomUUID()}/check`,
      ...json({}),
    })),
    because: 'only a payout on its way is checked; payouts.routes.test.ts checks a real one',
  },
  'POST /api/admin/payouts/utr-import': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/payouts/utr-import',
    ...json({ csv: 'Customer Reference Number,UTR,Status\n' }),
  })),
  'POST /api/payouts/:rail/webhook': open(
    404,
    "payout notifications carry no session: the rail's signature is the credential, and the sandbox rail sends none (signed ones: razorpayx-payouts.test.ts)",
    () => ({ url: '/api/payouts/sandbox/webhook', ...json({ event: 'payout.processed' }) }),
  ),
  'GET /api/admin/late-credits': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/late-credits',
  })),
  'GET /api/admin/shipments': rule(200, ADMIN, 403, () => ({
    url: '/api/admin/shipments?late=true',
  })),
  'POST /api/admin/shipments/:subOrderId/stop': {
    ...rule(404, ADMIN, 403, () => ({
      url: `/api/admin/shipments/${crypto.randomUUID()}/stop`,
    })),
    because: 'stopping needs a parcel with the courier; stop-parcel.test.ts stops real ones',
  },
  // Grievances (issue 30.7, decision 071): A's tickets are A's; S1 and admins work those on
  // S1's orders; a guest follows one by number and email.
  'GET /api/common/grievance-officer': open(
    200,
    'the law asks the grievance officer to be published (E-Commerce Rules r.4(4))',
    () => ({ url: '/api/common/grievance-officer' }),
  ),
  'POST /api/common/grievances/track': open(
    404,
    "a guest's ticket is followed by its number and email; a wrong pair is 404 whoever asks",
    () => ({
      url: '/api/common/grievances/track',
      ...json({ number: 'GRV-999999', email: 'nobody@example.in' }),
    }),
  ),
  'POST /api/shop/order/:orderId/grievances': rule(
    201,
    SHOPPER_A,
    403,
    (w) => ({
      url: `/api/shop/order/${w.orderA.orderId}/grievances`,
      ...json({ category: 'delivery', message: 'Where is my parcel?' }),
    }),
    { shopperB: 404 },
  ),
  'GET /api/shop/grievances': rule(200, SIGNED_IN, 401, () => ({ url: '/api/shop/grievances' })),
  'GET /api/shop/grievances/:ticketId': rule(200, SHOPPER_A, 404, async (w) => ({
    url: `/api/shop/grievances/${await ticketOfA(w)}`,
  })),
  'POST /api/shop/grievances/:ticketId/reply': rule(200, SHOPPER_A, 404, async (w) => ({
    url: `/api/shop/grievances/${await ticketOfA(w)}/reply`,
    ...json({ message: 'Any news?' }),
  })),
  'POST /api/shop/grievances/:ticketId/appeal': rule(200, SHOPPER_A, 404, async (w, caller) => ({
    url: `/api/shop/grievances/${await ticketOfA(w, caller.actor === 'shopperA')}/appeal`,
    ...json({ message: 'Not resolved at all' }),
  })),
  'GET /api/admin/grievances': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/grievances?filter=all',
  })),
  // Shoppers are refused by the role guard (403); sellers without the order get 404.
  'GET /api/admin/grievances/:ticketId': rule(
    200,
    S1_OR_ADMIN,
    403,
    async (w) => ({ url: `/api/admin/grievances/${await ticketOfA(w)}` }),
    { pendingSeller: 404, seller2: 404 },
  ),
  // A seller not approved acts on nothing (403), like the returns queue.
  'PUT /api/admin/grievances/:ticketId': rule(
    200,
    S1_OR_ADMIN,
    403,
    async (w) => ({
      url: `/api/admin/grievances/${await ticketOfA(w)}`,
      ...json({ action: 'reply', message: 'We are on it' }),
    }),
    { seller2: 404 },
  ),
  'GET /api/admin/grievance-officer': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/grievance-officer',
  })),
  'PUT /api/admin/grievance-officer': rule(200, SELLERS, 403, () => ({
    url: '/api/admin/grievance-officer',
    ...json({
      name: 'Anil Rao',
      designation: 'Grievance Officer',
      email: 'anil@seller.example',
      phone: '98450 12345',
    }),
  })),
  // Returns (issue 18): A returns a delivered item of S1's; S1 and admins decide, others see none.
  'POST /api/shop/order/:orderId/returns': rule(201, SHOPPER_A, 404, async (w, caller) => {
    // Only A's own request uses an order up; everyone else is refused before reading the items.
    const order =
      caller.actor === 'shopperA'
        ? await deliveredOrderA(w)
        : { orderId: w.orderA.orderId, productId: w.productS1.id }
    return { url: `/api/shop/order/${order.orderId}/returns`, ...returnBody(order.productId) }
  }),
  'GET /api/admin/returns': rule(200, BACK_OFFICE, 403, () => ({
    url: '/api/admin/returns?filter=all',
  })),
  // Shoppers are refused by the role guard (403); sellers without the part in it get 404.
  'PUT /api/admin/returns/:returnId': rule(
    200,
    S1_OR_ADMIN,
    403,
    async (w, caller) => ({
      url: `/api/admin/returns/${
        S1_OR_ADMIN.includes(caller.actor as 'seller1')
          ? await requestedReturnA(w)
          : await someReturnOfA(w)
      }`,
      ...json({ status: 'rejected', note: 'The photos show a different item' }),
    }),
    { pendingSeller: 404, seller2: 404 },
  ),
  'POST /api/admin/orders/vendor-ship': rule(200, ['seller1'], 403, async (w) => ({
    url: '/api/admin/orders/vendor-ship',
    ...json({
      _id: (await w.freshOrderA()).subOrderId,
      weightGrams: 500,
      lengthCm: 20,
      breadthCm: 15,
      heightCm: 5,
    }),
  })),

  // Shipping
  'GET /api/shop/serviceability': open(200, 'anyone may ask whether a pincode is served', (w) => ({
    url: `/api/shop/serviceability?pincode=700016&productId=${w.productS1.id}`,
  })),
  'GET /api/shop/cart/serviceability': rule(200, ['shopperA', 'shopperB'], 403, () => ({
    url: '/api/shop/cart/serviceability?pincode=700016',
  })),
  'POST /api/couriers/:courier/webhook': open(
    400,
    "courier notifications carry no session: the courier's key is the credential, so one without it is refused for everyone (keyed ones: shipping tests)",
    () => ({ url: '/api/couriers/sandbox/webhook', ...json({ awb: 'SBX1' }) }),
  ),
  'GET /sandbox-courier': open(200, SANDBOX_COURIER, () => ({ url: '/sandbox-courier' })),
  'POST /sandbox-courier/:awb/events': open(404, SANDBOX_COURIER, () => ({
    url: '/sandbox-courier/SBX0/events',
    ...json({ status: 'picked_up' }),
  })),
  'GET /sandbox-courier/:awb/label': open(404, SANDBOX_COURIER, () => ({
    url: '/sandbox-courier/SBX0/label',
  })),

  // robots.txt and the sitemaps (listed products' addresses, which the shop shows anyway)
  'GET /robots.txt': open(200, SEO, () => ({ url: '/robots.txt' })),
  'GET /sitemap.xml': open(200, SEO, () => ({ url: '/sitemap.xml' })),
  'GET /sitemaps/pages.xml': open(200, SEO, () => ({ url: '/sitemaps/pages.xml' })),
  'GET /sitemaps/:file': open(200, SEO, () => ({ url: '/sitemaps/products-1.xml' })),

  // Files and the web app
  'GET /uploads/*': open(200, 'uploaded images are public (server-made names)', () => ({
    url: IMAGE_URL,
  })),
  'GET /': open(200, 'the home page is public; the renderer asks the API as the visitor', () => ({
    url: '/',
  })),
  ...Object.fromEntries(
    keptPagePaths()
      .filter((page) => page !== '/')
      .map((page) => [
        `GET ${page}`,
        open(200, 'a storefront page, kept finished for guests; pages guard themselves', () => ({
          url: page,
        })),
      ]),
  ),
  'GET /p/:segment': open(404, "a product's page is public; this address names none", () => ({
    url: '/p/no-such-product-zzzzzzzz',
  })),
  'GET /c/:segment': open(404, "a category's page is public; this one the shop has not", () => ({
    url: '/c/no-such-category',
  })),
  'GET /b/:segment': open(404, "a brand's page is public; this one the shop has not", () => ({
    url: '/b/no-such-brand',
  })),
  'GET /*': open(200, 'the web app (SPA fallback) loads; pages guard themselves', () => ({
    url: '/shop/listing',
  })),
}

/** The rule for a registered route: its own, or for a HEAD route its GET's. */
export function ruleFor(key: string): AccessRule | undefined {
  return ACCESS[key] ?? (key.startsWith('HEAD ') ? ACCESS[`GET ${key.slice(5)}`] : undefined)
}
