import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PRODUCT_CSV_COLUMNS, type BulkResult } from '@techbazaar/shared'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createSeller, createUser, TEST_DECLARATIONS } from '../../../test/factories'
import { filterOptions, products } from '../../db/schema'
import { parseCsv } from '../../lib/csv'
import { createSession } from '../auth/sessions'

/** Bulk product files (decision 095): the template, adding and changing products by CSV. */
let t: TestContext
const users = { admin: '', seller: '', other: '' }
const cookies = { admin: '', seller: '', other: '' }
const IMAGES = ['a', 'b', 'c'].map((c) => `/uploads/u/${c.repeat(32)}.webp`)
const [A, B, C] = IMAGES as [string, string, string]

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const seller = await createSeller(db, 'Approved')
  const other = await createSeller(db, 'Approved')
  Object.assign(users, { admin: admin.id, seller: seller.id, other: other.id })
  for (const [who, id] of Object.entries(users)) {
    const token = await createSession(db, { userId: id, days: 1, now: new Date() })
    cookies[who as keyof typeof cookies] = `session=${token}`
  }
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'samsung' },
  ])
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  for (const url of IMAGES) writeFileSync(path.join(t.dataDir, 'uploads', url.slice(9)), 'webp')
})
afterAll(() => t.close())

const HEADER = PRODUCT_CSV_COLUMNS.map((c) => c.name)
type Row = Partial<Record<(typeof HEADER)[number], string>>

/** A complete, valid row; `overrides` change cells. */
function row(overrides: Row = {}): Row {
  const { packerName: _n, packerAddress: _a, ...declarations } = TEST_DECLARATIONS
  return {
    title: 'Galaxy Buds 3',
    description: 'Wireless earbuds.',
    category: 'electronics',
    brand: 'samsung',
    hsn: '851830',
    price: '9999',
    salePrice: '0',
    totalStock: '25',
    images: A,
    ...Object.fromEntries(Object.entries(declarations).map(([k, v]) => [k, String(v)])),
    ...overrides,
  }
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
const csvOf = (rows: Row[], header: readonly string[] = HEADER) =>
  [header, ...rows.map((r) => header.map((h) => r[h as keyof Row] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n')

const upload = (csv: string, cookie = cookies.seller, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/products/bulk/import${query}`,
    payload: { csv },
    headers: { cookie },
  })
const resultOf = (res: { json(): unknown }) => (res.json() as { data: BulkResult }).data

const productsOf = (sellerId: string) =>
  t.database.db.select().from(products).where(eq(products.sellerId, sellerId))

describe('GET /api/admin/products/bulk/template', () => {
  it('gives the product columns and an example row, as a CSV download', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/bulk/template',
      headers: { cookie: cookies.seller },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('products-template.csv')
    const { records } = parseCsv(res.body)
    expect(records.map((r) => r.cells)).toEqual([HEADER, PRODUCT_CSV_COLUMNS.map((c) => c.example)])
    expect(HEADER).toEqual(expect.arrayContaining(['salePrice', 'hsn', 'careEmail', 'images']))
  })

  it('is refused to shoppers and guests', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/products/bulk/template' })
    expect(guest.statusCode).toBe(401)
  })
})

describe('POST /api/admin/products/bulk/import', () => {
  it('adds the rows without an id, listed, with their SKU and images in order', async () => {
    const res = await upload(
      csvOf([row({ sku: 'BUDS-1', images: `${B}|${A}` }), row({ title: 'Galaxy Buds 4' })]),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: 'Saved: 2 added' })
    expect(resultOf(res)).toMatchObject({ created: 2, updated: 0, failed: 0, errorReport: null })
    const mine = await productsOf(users.seller)
    const buds = mine.find((p) => p.sku === 'BUDS-1')!
    expect(buds).toMatchObject({
      title: 'Galaxy Buds 3',
      image: B,
      extraImages: [A],
      pricePaise: 999_900,
      listed: true,
      careEmail: TEST_DECLARATIONS.careEmail,
    })
  })

  it('takes a blank sale price as not on sale, as a spreadsheet leaves it', async () => {
    const res = await upload(csvOf([row({ title: 'Galaxy Buds Blank Sale', salePrice: '' })]))
    expect(resultOf(res)).toMatchObject({ created: 1, failed: 0 })
    const saved = (await productsOf(users.seller)).find((p) => p.title === 'Galaxy Buds Blank Sale')
    expect(saved?.salePricePaise).toBe(0)
  })

  it('changes the product a row names by id or by SKU', async () => {
    const [buds] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, 'BUDS-1'))
    const res = await upload(
      csvOf([
        row({ sku: 'BUDS-1', price: '8999', salePrice: '7999.50', images: `${C}` }),
        row({ id: buds!.id, title: 'Galaxy Buds 3 Pro' }),
      ]),
    )
    // One product named twice: the second row is refused, the first saved.
    expect(resultOf(res)).toMatchObject({
      created: 0,
      updated: 1,
      failed: 1,
      errors: [{ row: 3, column: 'id', message: 'Row 2 already names this product' }],
    })
    const [saved] = await t.database.db.select().from(products).where(eq(products.id, buds!.id))
    expect(saved).toMatchObject({ pricePaise: 899_900, salePricePaise: 799_950, image: C })
    expect(saved!.title).toBe('Galaxy Buds 3')

    const byId = await upload(csvOf([row({ id: buds!.id, title: 'Galaxy Buds 3 Pro' })]))
    expect(resultOf(byId)).toMatchObject({ created: 0, updated: 1, failed: 0 })
    const [renamed] = await t.database.db.select().from(products).where(eq(products.id, buds!.id))
    // A blank SKU keeps the product's.
    expect(renamed).toMatchObject({ title: 'Galaxy Buds 3 Pro', sku: 'BUDS-1' })
  })

  it('reports each bad row with its row and column, and saves the good ones', async () => {
    const before = (await productsOf(users.seller)).length
    const res = await upload(
      csvOf([
        row({ title: 'Good one' }),
        row({ title: 'Bad price', price: 'abc', salePrice: '5' }),
        row({ title: 'Bad sale', price: '100', salePrice: '150' }),
        row({ title: 'No care', careEmail: '', brand: 'nokia' }),
        row({ title: 'Second good' }),
      ]),
    )
    const result = resultOf(res)
    expect(result).toMatchObject({ rows: 5, created: 2, failed: 3 })
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'price', message: expect.stringContaining('Price must be a number') },
        {
          row: 4,
          column: 'salePrice',
          message: 'Sale Price must be below Price (or 0 for no sale)',
        },
        { row: 5, column: 'careEmail', message: expect.stringContaining('Consumer care email') },
        { row: 5, column: 'brand', message: 'Brand is not one of the shop’s brands' },
      ]),
    )
    expect((await productsOf(users.seller)).length).toBe(before + 2)
    // The report: the refused rows as sent, with an error column.
    const report = parseCsv(result.errorReport!).records.map((r) => r.cells)
    expect(report[0]).toEqual([...HEADER, 'error'])
    expect(report.map((cells) => cells[HEADER.indexOf('title')])).toEqual([
      'title',
      'Bad price',
      'Bad sale',
      'No care',
    ])
    expect(report[3]!.at(-1)).toContain('brand: Brand is not one of the shop’s brands')
  })

  it('refuses images from other sites and images not uploaded', async () => {
    const res = await upload(
      csvOf([
        row({ images: `${A}|https://evil.example/u/x.webp` }),
        row({ images: '/uploads/u/ffffffffffffffffffffffffffffffff.webp' }),
        row({ images: 'http://evil.example/pic.png' }),
      ]),
    )
    const result = resultOf(res)
    expect(result).toMatchObject({ created: 0, failed: 3 })
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'images',
        message: expect.stringContaining('https://evil.example/u/x.webp is not an image uploaded'),
      },
      { row: 3, column: 'images', message: expect.stringContaining('upload it first') },
      { row: 4, column: 'images', message: 'Image must be an uploaded image (image 1)' },
    ])
  })

  it('lets a seller change only its own products', async () => {
    const [theirs] = await t.database.db
      .insert(products)
      .values({ ...baseProduct(), sellerId: users.other, sku: 'THEIRS' })
      .returning({ id: products.id })
    const res = await upload(csvOf([row({ id: theirs!.id, title: 'Stolen' })]))
    expect(resultOf(res).errors).toEqual([
      { row: 2, column: 'id', message: 'You can only change your own products' },
    ])
    // Its SKU names only its own products: this adds a new one of the seller's.
    const bySku = await upload(csvOf([row({ sku: 'THEIRS', title: 'Mine now' })]))
    expect(resultOf(bySku)).toMatchObject({ created: 1, updated: 0 })
    const [still] = await t.database.db.select().from(products).where(eq(products.id, theirs!.id))
    expect(still!.title).toBe('Old title')
    // A sellerId sent by a seller changes nothing.
    const named = await upload(
      csvOf([row({ id: theirs!.id })]),
      cookies.seller,
      `?sellerId=${users.other}`,
    )
    expect(resultOf(named).failed).toBe(1)
  })

  it('lets an admin change a seller’s products by naming the seller', async () => {
    const [theirs] = await t.database.db
      .insert(products)
      .values({ ...baseProduct(), sellerId: users.other })
      .returning({ id: products.id })
    const unnamed = await upload(csvOf([row({ id: theirs!.id })]), cookies.admin)
    expect(resultOf(unnamed).errors[0]?.message).toMatch(/another seller’s/)
    const named = await upload(
      csvOf([row({ id: theirs!.id, title: 'Fixed by admin' }), row({ title: 'Added for them' })]),
      cookies.admin,
      `?sellerId=${users.other}`,
    )
    expect(resultOf(named)).toMatchObject({ created: 1, updated: 1, failed: 0 })
    const titles = (await productsOf(users.other)).map((p) => p.title)
    expect(titles).toEqual(expect.arrayContaining(['Fixed by admin', 'Added for them']))
    const notSeller = await upload(csvOf([row()]), cookies.admin, `?sellerId=${users.admin}x`)
    expect(notSeller.statusCode).toBe(400)
  })

  it('checks everything and saves nothing on a dry run', async () => {
    const before = await t.database.db.select({ n: count() }).from(products)
    const res = await upload(
      csvOf([row({ title: 'Dry 1' }), row({ title: 'Dry 2', price: '' })]),
      cookies.seller,
      '?dryRun=true',
    )
    expect(res.json()).toMatchObject({
      message: 'Checked, nothing saved: 1 to add, 1 with problems',
      data: { dryRun: true, created: 1, failed: 1 },
    })
    const after = await t.database.db.select({ n: count() }).from(products)
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('reads quoted cells with commas, quotes and line breaks, a BOM and CRLF', async () => {
    const description = 'Line one, with a comma\r\nLine "two"'
    const csv = `\uFEFF${csvOf([
      row({ title: 'Quoted, "title"', description }),
      row({ title: 'After the break', price: 'x' }),
    ])}\r\n`
    const result = resultOf(await upload(csv))
    expect(result).toMatchObject({ created: 1, failed: 1 })
    // Row numbers are a spreadsheet's: the line break inside quotes is no new row.
    expect(result.errors[0]).toMatchObject({ row: 3, column: 'price' })
    const [saved] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.title, 'Quoted, "title"'))
    expect(saved!.description).toBe(description)
  })

  it('refuses a file it cannot read as a whole, naming the problem', async () => {
    const cases: [string, string][] = [
      ['title,price\r\nx,1', 'Column “description” is missing'],
      [csvOf([row()], [...HEADER, 'colour']), 'Unknown column “colour”'],
      [`${HEADER.join(',')}\r\n"unclosed,1`, 'A quote opened on line 2 is never closed'],
      [HEADER.join(','), 'The file has a header but no rows'],
      [`${HEADER.join(',')}\r\n${'x\r\n'.repeat(5001)}`, 'at most 5000 can be sent at once'],
      [`${HEADER.join(',')}\r\n${'x'.repeat(2 * 1024 * 1024)}`, 'The file is larger than 2 MB'],
    ]
    for (const [csv, message] of cases) {
      const res = await upload(csv)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message).toContain(message)
    }
  })

  it('takes a fixed error report back as it is (its error column is ignored)', async () => {
    const first = resultOf(await upload(csvOf([row({ title: 'Report me', hsn: '1' })])))
    const fixed = first.errorReport!.replace(',1,', ',851830,')
    const again = resultOf(await upload(fixed))
    expect(again).toMatchObject({ created: 1, failed: 0 })
    const titled = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.title, ['Report me']))
    expect(titled).toHaveLength(1)
  })
})

describe('the OpenAPI document', () => {
  it('describes the bulk routes from their schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    const paths = Object.keys(res.json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/products/bulk/template',
        '/api/admin/products/bulk/import',
        '/api/admin/products/bulk/stock-price',
      ]),
    )
  })
})

function baseProduct() {
  return {
    title: 'Old title',
    description: 'Theirs.',
    image: A,
    category: 'electronics',
    brand: 'samsung',
    hsn: '851830',
    pricePaise: 100_000,
    totalStock: 3,
  }
}
