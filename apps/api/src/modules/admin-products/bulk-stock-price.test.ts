import type { BulkResult } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser } from '../../../test/factories'
import { products } from '../../db/schema'
import { parseCsv } from '../../lib/csv'
import { createSession } from '../auth/sessions'

/** Stock and prices in bulk (decision 095): a CSV or JSON, the product form's rules. */
let t: TestContext
const cookies = { admin: '', seller: '', other: '' }
let sellerId = ''
let otherId = ''
const ids = { buds: '', cable: '', theirs: '', phone: '', lamp: '' }

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const seller = await createSeller(db, 'Approved')
  const other = await createSeller(db, 'Approved')
  sellerId = seller.id
  otherId = other.id
  for (const [who, user] of Object.entries({ admin, seller, other })) {
    const token = await createSession(db, { userId: user.id, days: 1, now: new Date() })
    cookies[who as keyof typeof cookies] = `session=${token}`
  }
  ids.buds = (await createProduct(db, { sellerId, title: 'Buds', price: 5000 })).id
  ids.cable = (await createProduct(db, { sellerId, title: 'Cable', price: 500 })).id
  ids.phone = (await createProduct(db, { sellerId, title: 'Phone' })).id
  ids.lamp = (await createProduct(db, { sellerId, title: 'Lamp' })).id
  ids.theirs = (await createProduct(db, { sellerId: otherId, title: 'Theirs' })).id
  await db.update(products).set({ sku: 'CABLE-1' }).where(eq(products.id, ids.cable))
})
afterAll(() => t.close())

const send = (payload: object, cookie = cookies.seller, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/products/bulk/stock-price${query}`,
    payload,
    headers: { cookie },
  })
/** An id of no product: the given one with its last digit changed (never to itself). */
const otherIdThan = (id: string) => id.replace(/.$/, (last) => (last === '0' ? '1' : '0'))
const resultOf = (res: { json(): unknown }) => (res.json() as { data: BulkResult }).data
const product = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!

describe('POST /api/admin/products/bulk/stock-price', () => {
  it('changes stock and prices from a CSV, by id or SKU, keeping blank cells', async () => {
    const csv = [
      'id,sku,title,price,salePrice,totalStock',
      `${ids.buds},,Buds,4999,3999.50,`,
      ',CABLE-1,Cable,,,0',
    ].join('\n')
    const res = await send({ csv })
    expect(res.statusCode).toBe(200)
    expect(resultOf(res)).toMatchObject({ updated: 2, failed: 0, errorReport: null })
    const buds = await product(ids.buds)
    expect(buds).toMatchObject({ pricePaise: 499_900, salePricePaise: 399_950 })
    expect(buds.totalStock).toBeGreaterThan(0)
    expect(await product(ids.cable)).toMatchObject({ pricePaise: 50_000, totalStock: 0 })
  })

  it('holds each row to the form’s rules and reports the bad ones', async () => {
    const res = await send({
      items: [
        { id: ids.buds, salePrice: 6000 },
        { id: otherIdThan(ids.buds), totalStock: 1 },
        { sku: 'CABLE-1', totalStock: -1 },
        { id: ids.phone, price: '0.50' },
        { id: ids.buds, totalStock: 3 },
        { sku: 'NOPE', totalStock: 4 },
        { id: ids.lamp },
        { id: ids.phone.toUpperCase(), totalStock: '12' },
      ],
    })
    const result = resultOf(res)
    expect(result).toMatchObject({ rows: 8, updated: 0, failed: 8, errorReport: null })
    expect(result.errors).toEqual([
      { row: 1, column: 'salePrice', message: 'Sale Price must be below Price (or 0 for no sale)' },
      { row: 2, column: 'id', message: expect.stringContaining('No product has this id') },
      { row: 3, column: 'totalStock', message: 'Total Stock must be 0 or more' },
      { row: 4, column: 'price', message: 'Price must be at least ₹1' },
      { row: 5, column: 'id', message: 'Row 1 already names this product' },
      { row: 6, column: 'sku', message: 'None of the products has this SKU' },
      { row: 7, column: null, message: expect.stringContaining('Nothing to change') },
      { row: 8, column: 'id', message: 'Row 4 already names this product' },
    ])
    const fine = resultOf(
      await send({ items: [{ id: ids.phone.toUpperCase(), totalStock: '12' }] }),
    )
    expect(fine).toMatchObject({ updated: 1, failed: 0 })
    expect((await product(ids.phone)).totalStock).toBe(12)
    expect((await product(ids.buds)).salePricePaise).toBe(399_950)
  })

  it('refuses a price below the sale price the product keeps', async () => {
    const result = resultOf(await send({ items: [{ id: ids.buds, price: 3000 }] }))
    expect(result.errors).toEqual([
      { row: 1, column: 'price', message: expect.stringContaining('above the sale price') },
    ])
  })

  it('lets a seller change only its own products; an admin names the seller', async () => {
    const mine = resultOf(await send({ items: [{ id: ids.theirs, totalStock: 99 }] }))
    expect(mine.errors).toEqual([
      { row: 1, column: 'id', message: 'You can only change your own products' },
    ])
    const admin = resultOf(
      await send(
        { items: [{ id: ids.theirs, totalStock: 99 }] },
        cookies.admin,
        `?sellerId=${otherId}`,
      ),
    )
    expect(admin).toMatchObject({ updated: 1, failed: 0 })
    expect((await product(ids.theirs)).totalStock).toBe(99)
  })

  it('saves nothing on a dry run', async () => {
    const res = await send(
      { items: [{ id: ids.phone, totalStock: 500 }] },
      cookies.seller,
      '?dryRun=true',
    )
    expect(resultOf(res)).toMatchObject({ dryRun: true, updated: 1 })
    expect((await product(ids.phone)).totalStock).toBe(12)
  })

  it('gives the seller’s products as a stock and price file to edit', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/bulk/template?kind=stock-price',
      headers: { cookie: cookies.seller },
    })
    const rows = parseCsv(res.body).records.map((r) => r.cells)
    expect(rows[0]).toEqual(['id', 'sku', 'title', 'price', 'salePrice', 'totalStock'])
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        [ids.cable, 'CABLE-1', 'Cable', '500.00', '0.00', '0'],
        [ids.phone, '', 'Phone', '1000.00', '0.00', '12'],
      ]),
    )
    expect(rows.some((r) => r[0] === ids.theirs)).toBe(false)
    // Sent back unchanged, it changes nothing but is accepted.
    expect(resultOf(await send({ csv: res.body }))).toMatchObject({ failed: 0 })
  })
})
