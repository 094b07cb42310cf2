import type { ScheduledSaleView } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createClock } from '../../../test/clock'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { products } from '../../db/schema'
import { createSession } from '../auth/sessions'
import { runScheduledSales } from './scheduled-sales'

// Scheduled sales in the back office (decision 092): create, list, edit and cancel, the owner's
// rights, each refusal, and the job applying and the cancel ending what the routes made.

const clock = createClock()
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } })
})
afterAll(() => t.close())
const db = () => t.database.db

const HOUR = 3_600_000
const DAY = 24 * HOUR
const cookieOf = async (userId: string) =>
  `session=${await createSession(db(), { userId, days: 30, now: clock.now() })}`
const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString()

async function sellerWithProduct(price = 20_000, salePrice = 0) {
  const seller = await createSeller(db())
  const product = await createProduct(db(), { sellerId: seller.id, price, salePrice })
  return { seller, product, cookie: await cookieOf(seller.id) }
}

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}

const saleForm = (productId: string, over: object = {}) => ({
  productId,
  salePrice: 15_000,
  startsAt: inHours(24),
  endsAt: inHours(72),
  ...over,
})

async function create(cookie: string, form: object): Promise<ScheduledSaleView> {
  const res = await call(cookie, 'POST', '/api/admin/scheduled-sales', form)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data
}

async function priceOf(id: string) {
  const [row] = await db()
    .select({ sale: products.salePricePaise, effective: products.effectivePricePaise })
    .from(products)
    .where(eq(products.id, id))
  return row!
}

let adminCookie = ''
beforeAll(async () => {
  const admin = await createUser(db(), { role: 'admin', type: 'admin' })
  adminCookie = await cookieOf(admin.id)
})

describe('POST /api/admin/scheduled-sales', () => {
  it('schedules a sale the list shows as upcoming, and the job applies it at its start', async () => {
    const { product, cookie, seller } = await sellerWithProduct(20_000, 18_000)
    const sale = await create(cookie, saleForm(product.id))
    expect(sale).toMatchObject({
      productId: product.id,
      sellerId: seller.id,
      price: 20_000,
      salePrice: 15_000,
      status: 'upcoming',
      endedAt: null,
    })
    const list = await call(cookie, 'GET', '/api/admin/scheduled-sales')
    expect(list.json().data).toEqual([sale])

    await runScheduledSales(db(), new Date(sale.startsAt))
    expect(await priceOf(product.id)).toEqual({ sale: 15_000_00, effective: 15_000_00 })
    const running = await call(cookie, 'GET', '/api/admin/scheduled-sales')
    expect(running.json().data[0].status).toBe('running')
    await runScheduledSales(db(), new Date(sale.endsAt))
    expect(await priceOf(product.id)).toEqual({ sale: 18_000_00, effective: 18_000_00 })
    const ended = await call(cookie, 'GET', '/api/admin/scheduled-sales')
    expect(ended.json().data[0].status).toBe('ended')
  })

  it('refuses a sale price at or above the product’s price, or under ₹1', async () => {
    const { product, cookie } = await sellerWithProduct(1_000)
    const same = await call(cookie, 'POST', '/api/admin/scheduled-sales', {
      ...saleForm(product.id),
      salePrice: 1_000,
    })
    expect(same.statusCode).toBe(400)
    expect(same.json().message).toMatch(/below the product's price of ₹1000/)
    const tiny = await call(cookie, 'POST', '/api/admin/scheduled-sales', {
      ...saleForm(product.id),
      salePrice: 0.5,
    })
    expect(tiny.statusCode).toBe(400)
  })

  it('refuses an end before the start and a start in the past', async () => {
    const { product, cookie } = await sellerWithProduct()
    const backwards = await call(
      cookie,
      'POST',
      '/api/admin/scheduled-sales',
      saleForm(product.id, { startsAt: inHours(48), endsAt: inHours(24) }),
    )
    expect(backwards.statusCode).toBe(400)
    expect(JSON.stringify(backwards.json())).toMatch(/The end must be after the start/)
    const past = await call(
      cookie,
      'POST',
      '/api/admin/scheduled-sales',
      saleForm(product.id, { startsAt: inHours(-1) }),
    )
    expect(past.statusCode).toBe(400)
    expect(past.json().message).toBe('The start cannot be in the past')
    // A form filled in over a minute or two still starts "now".
    await create(cookie, saleForm(product.id, { startsAt: inHours(-1 / 30) }))
  })

  it('refuses a sale overlapping another of the same product with 409, not one after it', async () => {
    const { product, cookie } = await sellerWithProduct()
    await create(cookie, saleForm(product.id, { startsAt: inHours(24), endsAt: inHours(72) }))
    const overlap = await call(
      cookie,
      'POST',
      '/api/admin/scheduled-sales',
      saleForm(product.id, { startsAt: inHours(48), endsAt: inHours(96) }),
    )
    expect(overlap.statusCode).toBe(409)
    expect(overlap.json().message).toMatch(/already has a sale from .* choose dates that do not/)
    await create(cookie, saleForm(product.id, { startsAt: inHours(72), endsAt: inHours(96) }))
  })

  it('lets a seller schedule only its own products; an admin any', async () => {
    const mine = await sellerWithProduct()
    const theirs = await sellerWithProduct()
    const res = await call(
      mine.cookie,
      'POST',
      '/api/admin/scheduled-sales',
      saleForm(theirs.product.id),
    )
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Product not found')
    await create(adminCookie, saleForm(theirs.product.id))
  })
})

describe('GET /api/admin/scheduled-sales', () => {
  it('shows a seller its own sales only; an admin every one, or one seller’s', async () => {
    const a = await sellerWithProduct()
    const b = await sellerWithProduct()
    const saleA = await create(a.cookie, saleForm(a.product.id))
    const saleB = await create(b.cookie, saleForm(b.product.id))
    const ofA = await call(a.cookie, 'GET', '/api/admin/scheduled-sales')
    expect(ofA.json().data.map((s: ScheduledSaleView) => s._id)).toEqual([saleA._id])
    const all = await call(adminCookie, 'GET', '/api/admin/scheduled-sales')
    const ids = all.json().data.map((s: ScheduledSaleView) => s._id)
    expect(ids).toEqual(expect.arrayContaining([saleA._id, saleB._id]))
    const onlyB = await call(
      adminCookie,
      'GET',
      `/api/admin/scheduled-sales?sellerId=${b.seller.id}`,
    )
    expect(onlyB.json().data.map((s: ScheduledSaleView) => s._id)).toEqual([saleB._id])
  })
})

describe('PUT /api/admin/scheduled-sales/:id', () => {
  it('changes a sale before its start, and refuses once it runs', async () => {
    const { product, cookie } = await sellerWithProduct()
    const sale = await create(cookie, saleForm(product.id))
    const edit = { salePrice: 14_000, startsAt: inHours(12), endsAt: inHours(36) }
    const res = await call(cookie, 'PUT', `/api/admin/scheduled-sales/${sale._id}`, edit)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ salePrice: 14_000, status: 'upcoming' })
    expect(Date.parse(res.json().data.startsAt)).toBe(Date.parse(edit.startsAt))

    await runScheduledSales(db(), new Date(edit.startsAt))
    const late = await call(cookie, 'PUT', `/api/admin/scheduled-sales/${sale._id}`, {
      ...edit,
      salePrice: 13_000,
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(
      'This sale has started: it can no longer be changed, only ended',
    )
  })

  it('does not count the sale itself as an overlap, and answers 404 to another seller', async () => {
    const { product, cookie } = await sellerWithProduct()
    const sale = await create(cookie, saleForm(product.id))
    const moved = await call(cookie, 'PUT', `/api/admin/scheduled-sales/${sale._id}`, {
      salePrice: 15_000,
      startsAt: inHours(30),
      endsAt: inHours(80),
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const other = await sellerWithProduct()
    const res = await call(other.cookie, 'PUT', `/api/admin/scheduled-sales/${sale._id}`, {
      salePrice: 10_000,
      startsAt: inHours(30),
      endsAt: inHours(80),
    })
    expect(res.statusCode).toBe(404)
    const cancel = await call(other.cookie, 'POST', `/api/admin/scheduled-sales/${sale._id}/cancel`)
    expect(cancel.statusCode).toBe(404)
  })
})

describe('POST /api/admin/scheduled-sales/:id/cancel', () => {
  it('calls off a sale before its start: the job never applies it', async () => {
    const { product, cookie } = await sellerWithProduct(20_000, 19_000)
    const sale = await create(cookie, saleForm(product.id))
    const res = await call(cookie, 'POST', `/api/admin/scheduled-sales/${sale._id}/cancel`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.status).toBe('cancelled')
    await runScheduledSales(db(), new Date(sale.startsAt))
    expect(await priceOf(product.id)).toEqual({ sale: 19_000_00, effective: 19_000_00 })
    const list = await call(cookie, 'GET', '/api/admin/scheduled-sales')
    expect(list.json().data[0].status).toBe('cancelled')
    // Its window is free again.
    await create(cookie, saleForm(product.id))
  })

  it('ends a running sale now and puts the price before it back exactly', async () => {
    const { product, cookie } = await sellerWithProduct(20_000, 18_500.5)
    const sale = await create(cookie, saleForm(product.id))
    await runScheduledSales(db(), new Date(sale.startsAt))
    expect(await priceOf(product.id)).toEqual({ sale: 15_000_00, effective: 15_000_00 })
    const res = await call(adminCookie, 'POST', `/api/admin/scheduled-sales/${sale._id}/cancel`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'cancelled', endedAt: expect.any(String) })
    expect(await priceOf(product.id)).toEqual({ sale: 18_500_50, effective: 18_500_50 })
    // The job's end step leaves it as it is, and a second cancel is refused.
    await runScheduledSales(db(), new Date(sale.endsAt))
    expect(await priceOf(product.id)).toEqual({ sale: 18_500_50, effective: 18_500_50 })
    const again = await call(cookie, 'POST', `/api/admin/scheduled-sales/${sale._id}/cancel`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This sale is already over')
  })

  it('drops the cached catalog page so shoppers see the price back', async () => {
    const { product, cookie } = await sellerWithProduct(20_000)
    const sale = await create(cookie, saleForm(product.id))
    await runScheduledSales(db(), new Date(sale.startsAt))
    const page = () => t.app.inject({ method: 'GET', url: `/api/shop/products/get/${product.id}` })
    const during = await page()
    expect(during.statusCode, during.body).toBe(200)
    expect(during.body).toContain('15000')
    await call(cookie, 'POST', `/api/admin/scheduled-sales/${sale._id}/cancel`)
    const after = await page()
    expect(after.json().data.salePrice).toBe(0)
  })
})

describe('OpenAPI', () => {
  it('documents the scheduled-sales routes under offers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(doc.paths['/api/admin/scheduled-sales'].post.tags).toEqual(['offers'])
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/scheduled-sales/{id}',
        '/api/admin/scheduled-sales/{id}/cancel',
      ]),
    )
  })
})

// Kept last: it moves the shared clock a day on.
describe('the clock', () => {
  it('answers 409 to an edit of a sale whose start passed before the job ran', async () => {
    const { product, cookie } = await sellerWithProduct()
    const sale = await create(cookie, saleForm(product.id, { startsAt: inHours(1) }))
    clock.advance(DAY)
    const res = await call(cookie, 'PUT', `/api/admin/scheduled-sales/${sale._id}`, {
      salePrice: 10_000,
      startsAt: inHours(1),
      endsAt: inHours(5),
    })
    expect(res.statusCode).toBe(409)
  })
})
