import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller, createUser, declarationsBody } from '../../../test/factories'
import { filterOptions, products, vendorProfiles } from '../../db/schema'
import { createSession } from '../auth/sessions'

let t: TestContext
let ids: { seller: string; other: string; pending: string; admin: string }
const cookies = { admin: '', seller: '', other: '', pending: '', shopper: '' }
const IMAGE = '/uploads/u/0123456789abcdef0123456789abcdef.webp'

async function cookieFor(userId: string) {
  const token = await createSession(t.database.db, { userId, days: 1, now: new Date() })
  return `session=${token}`
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const admin = await createUser(db, { role: 'admin', type: 'admin' })
  const seller = await createSeller(db, 'Approved')
  const other = await createSeller(db, 'Approved')
  const pending = await createSeller(db, 'Pending')
  ids = { admin: admin.id, seller: seller.id, other: other.id, pending: pending.id }
  cookies.admin = await cookieFor(admin.id)
  cookies.seller = await cookieFor(seller.id)
  cookies.other = await cookieFor(other.id)
  cookies.pending = await cookieFor(pending.id)
  cookies.shopper = await cookieFor((await createUser(db)).id)
  await db.insert(filterOptions).values([
    { kind: 'category', value: 'electronics' },
    { kind: 'brand', value: 'samsung' },
    { kind: 'brand', value: 'boat' },
  ])
  // An image as the upload endpoint would have stored it.
  mkdirSync(path.join(t.dataDir, 'uploads', 'u'), { recursive: true })
  writeFileSync(path.join(t.dataDir, 'uploads', IMAGE.slice(9)), 'webp')
})
afterAll(() => t.close())

const body = (overrides: Record<string, unknown> = {}) => ({
  image: IMAGE,
  title: 'Galaxy Buds 3',
  description: 'Wireless earbuds with noise cancelling.',
  category: 'electronics',
  brand: 'samsung',
  section: 'trending',
  hsn: '851830',
  price: 9999,
  salePrice: 7999.5,
  totalStock: 25,
  averageReview: '',
  userName: 'somebody else',
  ...declarationsBody(),
  ...overrides,
})

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })

describe('a product’s limit per order', () => {
  it('is set in the form, blank meaning the shop default, and refused when not a whole number ≥ 1', async () => {
    const added = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ maxPerOrder: '3' }),
    )
    expect(added.statusCode).toBe(201)
    const { data } = added.json()
    expect(data).toMatchObject({ maxPerOrder: 3, orderLimit: 3 })
    const shop = await call('GET', `/api/shop/products/get/${data._id}`)
    expect(shop.json().data.orderLimit).toBe(3)
    expect(shop.json().data).not.toHaveProperty('maxPerOrder')

    const cleared = await call(
      'PUT',
      `/api/admin/products/edit/${data._id}`,
      cookies.seller,
      body({ maxPerOrder: '' }),
    )
    expect(cleared.json().data).toMatchObject({ maxPerOrder: null, orderLimit: 5 })
    for (const bad of ['0', '-1', '1.5', 'ten']) {
      const res = await call(
        'PUT',
        `/api/admin/products/edit/${data._id}`,
        cookies.seller,
        body({ maxPerOrder: bad }),
      )
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().errors[0].path).toBe('maxPerOrder')
    }
  })
})

describe('a product’s HSN code', () => {
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]

  it('is stored as the form picked it, returned for the edit form and changed on edit', async () => {
    const added = await call('POST', '/api/admin/products/add', cookies.seller, body())
    expect(added.statusCode, added.body).toBe(201)
    const { data } = added.json()
    expect(data.hsn).toBe('851830')
    expect((await rowOf(data._id))?.hsn).toBe('851830')
    const list = (await call('GET', '/api/admin/products/get', cookies.seller)).json().data
    expect(list.find((p: { _id: string }) => p._id === data._id)).toMatchObject({ hsn: '851830' })
    // Shoppers' product views do not carry it.
    expect(
      (await call('GET', `/api/shop/products/get/${data._id}`)).json().data,
    ).not.toHaveProperty('hsn')

    // The seller corrects it, and so may an admin.
    const url = `/api/admin/products/edit/${data._id}`
    const edited = await call('PUT', url, cookies.seller, body({ hsn: '850760' }))
    expect(edited.json().data.hsn).toBe('850760')
    expect((await rowOf(data._id))?.hsn).toBe('850760')
    const byAdmin = await call('PUT', url, cookies.admin, body({ hsn: '392690' }))
    expect(byAdmin.json().data.hsn).toBe('392690')
    expect((await rowOf(data._id))?.hsn).toBe('392690')
  })

  it('is required and must be one of the shop’s codes, on add and on edit', async () => {
    const { hsn: _omitted, ...withoutHsn } = body()
    const product = await createProduct(t.database.db, { sellerId: ids.seller })
    const edit = `/api/admin/products/edit/${product.id}`
    for (const [method, url] of [
      ['POST', '/api/admin/products/add'],
      ['PUT', edit],
    ] as const) {
      for (const [label, payload] of [
        ['missing', withoutHsn],
        ['blank', body({ hsn: '' })],
        ['not the shop’s', body({ hsn: '999999' })],
        // The four digits an invoice may print are not a product's code.
        ['four digits', body({ hsn: '8518' })],
        ['a number', body({ hsn: 851830 })],
      ] as const) {
        const res = await call(method, url, cookies.seller, payload)
        expect(res.statusCode, `${method} ${label}`).toBe(400)
        expect(res.json().errors).toEqual([
          { path: 'hsn', message: 'Choose the HSN code from the list' },
        ])
      }
    }
    // The refused edits left the stored code alone.
    expect((await rowOf(product.id))?.hsn).toBe('851713')
  })
})

describe('POST /api/admin/products/add', () => {
  it('should add a listed product for an approved seller', async () => {
    const res = await call('POST', '/api/admin/products/add', cookies.seller, body())
    expect(res.statusCode).toBe(201)
    const { message, data } = res.json()
    expect(message).toBe('Product added successfully')
    expect(data).toMatchObject({
      title: 'Galaxy Buds 3',
      price: 9999,
      salePrice: 7999.5,
      listed: true,
    })
    const shop = await call('GET', `/api/shop/products/get/${data._id}`)
    expect(shop.statusCode).toBe(200)
  })

  it('should add an unlisted product for a pending seller', async () => {
    const res = await call('POST', '/api/admin/products/add', cookies.pending, body())
    expect(res.statusCode).toBe(201)
    expect(res.json().data.listed).toBe(false)
  })

  it('should validate every field per spec §5', async () => {
    const res = await call('POST', '/api/admin/products/add', cookies.seller, {
      ...body(),
      title: ' ',
      price: '',
      totalStock: -1,
      section: 'clearance',
    })
    expect(res.statusCode).toBe(400)
    const paths = res.json().errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['title', 'price', 'totalStock', 'section']))
  })

  it('should refuse a sale price not below the price', async () => {
    const res = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ salePrice: 9999 }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ path: 'salePrice' })
  })

  it('should accept plain decimal numbers only, as the form sends them (strings)', async () => {
    const ok = await call('POST', '/api/admin/products/add', cookies.seller, {
      ...body({ price: '9999', salePrice: '7999.50', totalStock: '25' }),
    })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().data).toMatchObject({ price: 9999, salePrice: 7999.5, totalStock: 25 })
    for (const bad of ['0x10', '1e3', ' 12 ', 'Infinity', '']) {
      for (const field of ['price', 'salePrice', 'totalStock']) {
        const res = await call('POST', '/api/admin/products/add', cookies.seller, {
          ...body({ price: '9999', salePrice: '0' }),
          [field]: bad,
        })
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400)
        expect(res.json().errors, `${field} ${JSON.stringify(bad)}`).toEqual(
          expect.arrayContaining([expect.objectContaining({ path: field })]),
        )
      }
    }
  })

  it('should refuse a product at ₹0, on add and on edit', async () => {
    const add = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ price: 0, salePrice: 0 }),
    )
    expect(add.statusCode).toBe(400)
    expect(add.json().errors).toEqual([{ path: 'price', message: 'Price must be at least ₹1' }])
    const sale = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ salePrice: 0.5 }),
    )
    expect(sale.statusCode).toBe(400)
    expect(sale.json().errors).toEqual([
      { path: 'salePrice', message: 'Sale Price must be at least ₹1 (or 0 for no sale)' },
    ])
    const product = await createProduct(t.database.db, { sellerId: ids.seller })
    const edit = await call(
      'PUT',
      `/api/admin/products/edit/${product.id}`,
      cookies.seller,
      body({ price: '0', salePrice: '0' }),
    )
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors[0]).toMatchObject({ path: 'price' })
  })

  it('should refuse unknown brands and images the shop did not store', async () => {
    const brand = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ brand: 'nokia' }),
    )
    expect(brand.statusCode).toBe(400)
    expect(brand.json().errors[0].path).toBe('brand')
    for (const image of [
      'https://evil.example/x.webp',
      '/uploads/u/missing.webp',
      '/uploads/../x.webp',
    ]) {
      const res = await call('POST', '/api/admin/products/add', cookies.seller, body({ image }))
      expect(res.statusCode, image).toBe(400)
    }
  })

  it('should answer 401 to guests and 403 to shoppers', async () => {
    expect((await call('POST', '/api/admin/products/add', undefined, body())).statusCode).toBe(401)
    expect(
      (await call('POST', '/api/admin/products/add', cookies.shopper, body())).statusCode,
    ).toBe(403)
  })
})

describe('GET /api/admin/products/get', () => {
  it('should give a seller only its own products whatever userName says', async () => {
    await createProduct(t.database.db, { sellerId: ids.other, title: 'Other Seller Phone' })
    const res = await call('GET', '/api/admin/products/get?userName=anyone', cookies.seller)
    expect(res.statusCode).toBe(200)
    const titles = res.json().data.map((p: { title: string }) => p.title)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles).not.toContain('Other Seller Phone')
  })

  it('should give an admin all products, or one seller’s by userName', async () => {
    const all = (await call('GET', '/api/admin/products/get', cookies.admin)).json().data
    expect(all.map((p: { title: string }) => p.title)).toContain('Other Seller Phone')
    const [other] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sellerId, ids.other))
    const userName = all.find((p: { _id: string }) => p._id === other?.id).username
    const one = (
      await call(
        'GET',
        `/api/admin/products/get?userName=${encodeURIComponent(userName)}`,
        cookies.admin,
      )
    ).json().data
    expect(one.every((p: { username: string }) => p.username === userName)).toBe(true)
    expect(one.length).toBe(1)
  })

  it('should answer 401 to guests and 403 to shoppers', async () => {
    expect((await call('GET', '/api/admin/products/get')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/products/get', cookies.shopper)).statusCode).toBe(403)
  })
})

describe('PUT /api/admin/products/edit/:id and DELETE /api/admin/products/delete/:id', () => {
  it('should let the owner edit, refuse other sellers and let an admin edit', async () => {
    const product = await createProduct(t.database.db, { sellerId: ids.seller })
    const url = `/api/admin/products/edit/${product.id}`
    const mine = await call(
      'PUT',
      url,
      cookies.seller,
      body({ title: 'Renamed', image: product.image }),
    )
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({
      message: 'Product updated successfully',
      data: { title: 'Renamed' },
    })
    expect((await call('PUT', url, cookies.other, body())).statusCode).toBe(403)
    expect((await call('PUT', url, cookies.shopper, body())).statusCode).toBe(403)
    expect((await call('PUT', url, undefined, body())).statusCode).toBe(401)
    const admin = await call('PUT', url, cookies.admin, body({ title: 'By admin' }))
    expect(admin.statusCode).toBe(200)
    // The seller's approval decides listing, not the editor's.
    expect(admin.json().data.listed).toBe(true)
  })

  it('should keep a pending seller’s product unlisted when an admin edits it', async () => {
    const product = await createProduct(t.database.db, { sellerId: ids.pending, listed: false })
    const res = await call('PUT', `/api/admin/products/edit/${product.id}`, cookies.admin, body())
    expect(res.json().data.listed).toBe(false)
  })

  it('should soft delete: gone from lists and shop, the row kept', async () => {
    const product = await createProduct(t.database.db, { sellerId: ids.seller })
    const url = `/api/admin/products/delete/${product.id}`
    expect((await call('DELETE', url)).statusCode).toBe(401)
    expect((await call('DELETE', url, cookies.shopper)).statusCode).toBe(403)
    expect((await call('DELETE', url, cookies.other)).statusCode).toBe(403)
    const res = await call('DELETE', url, cookies.seller)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Product deleted successfully')
    expect((await call('GET', `/api/shop/products/get/${product.id}`)).statusCode).toBe(404)
    const list = (await call('GET', '/api/admin/products/get', cookies.seller)).json().data
    expect(list.map((p: { _id: string }) => p._id)).not.toContain(product.id)
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({ listed: false })
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect((await call('DELETE', url, cookies.admin)).statusCode).toBe(404)
  })

  it('should let an admin delete any product and 404 unknown ids', async () => {
    const product = await createProduct(t.database.db, { sellerId: ids.other })
    expect(
      (await call('DELETE', `/api/admin/products/delete/${product.id}`, cookies.admin)).statusCode,
    ).toBe(200)
    expect(
      (await call('DELETE', `/api/admin/products/delete/${crypto.randomUUID()}`, cookies.admin))
        .statusCode,
    ).toBe(404)
    expect(
      (await call('DELETE', '/api/admin/products/delete/not-a-uuid', cookies.admin)).statusCode,
    ).toBe(400)
  })
})

describe('POST /api/shop/filter/create', () => {
  it('should add new options for admins only', async () => {
    const payload = { category: 'Wearables', brand: 'Noise' }
    expect((await call('POST', '/api/shop/filter/create', undefined, payload)).statusCode).toBe(401)
    expect(
      (await call('POST', '/api/shop/filter/create', cookies.shopper, payload)).statusCode,
    ).toBe(403)
    expect(
      (await call('POST', '/api/shop/filter/create', cookies.seller, payload)).statusCode,
    ).toBe(403)
    const res = await call('POST', '/api/shop/filter/create', cookies.admin, payload)
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe('Filter created successfully!')
    // Again: existing options are kept, not duplicated.
    expect((await call('POST', '/api/shop/filter/create', cookies.admin, payload)).statusCode).toBe(
      201,
    )
    const options = (await call('GET', '/api/shop/filter/fetch')).json().data
    expect(options.category.filter((c: string) => c === 'wearables')).toHaveLength(1)
    expect(options.brand).toContain('noise')
  })

  it('should require both fields', async () => {
    const res = await call('POST', '/api/shop/filter/create', cookies.admin, {
      category: 'x',
      brand: ' ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Brand is required')
  })
})

describe('a product’s legal declarations (decision 066)', () => {
  const declarations = (overrides: Record<string, unknown>) => {
    const base = declarationsBody()
    return { ...base, declarations: { ...base.declarations, ...overrides } }
  }

  it('are required to add a product, each missing one named under its field', async () => {
    const res = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({
        declarations: { manufacturerName: 'Samsung India Electronics Pvt. Ltd.' },
        warranty: { months: '', by: '' },
      }),
    )
    expect(res.statusCode).toBe(400)
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path)
    expect(paths).toEqual([
      'declarations.manufacturerAddress',
      'declarations.packerRole',
      'declarations.countryOfOrigin',
      'declarations.genericName',
      'declarations.netQuantity',
      'declarations.careName',
      'declarations.careAddress',
      'declarations.carePhone',
      'declarations.careEmail',
      'warranty.months',
      'warranty.by',
    ])
  })

  it('ask for the importer when another company imports it, and check each value', async () => {
    const importer = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body(declarations({ packerRole: 'importer', countryOfOrigin: 'Vietnam' })),
    )
    expect(importer.statusCode).toBe(400)
    expect(importer.json().errors).toEqual([
      { path: 'declarations.packerName', message: 'Importer name is required' },
      { path: 'declarations.packerAddress', message: 'Importer address is required' },
    ])
    for (const [overrides, path] of [
      [{ countryOfOrigin: 'Atlantis' }, 'declarations.countryOfOrigin'],
      [{ careEmail: 'not an email' }, 'declarations.careEmail'],
      [{ carePhone: 'call us' }, 'declarations.carePhone'],
      [{ netQuantity: 'x'.repeat(41) }, 'declarations.netQuantity'],
    ] as const) {
      const res = await call(
        'POST',
        '/api/admin/products/add',
        cookies.seller,
        body(declarations(overrides)),
      )
      expect(res.statusCode, path).toBe(400)
      expect(res.json().errors[0].path).toBe(path)
    }
    const noWarranty = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({ warranty: { months: '0', by: 'Manufacturer' } }),
    )
    expect(noWarranty.statusCode).toBe(400)
    expect(noWarranty.json().errors).toEqual([
      { path: 'warranty.by', message: 'No warranty (0 months): choose None' },
    ])
  })

  it('are stored and read back; the manufacturer packing leaves no packer', async () => {
    const added = await call(
      'POST',
      '/api/admin/products/add',
      cookies.seller,
      body({
        ...declarations({ packerName: 'Ignored Packer', packerAddress: 'Nowhere' }),
        warranty: { months: '0', by: 'None' },
      }),
    )
    expect(added.statusCode).toBe(201)
    const data = added.json().data
    expect(data).toMatchObject({ listed: true, declarationsComplete: true })
    expect(data.declarations).toMatchObject({
      manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
      packerRole: 'manufacturer',
      packerName: null,
      packerAddress: null,
      countryOfOrigin: 'India',
      netQuantity: '1 N',
    })
    expect(data.warranty).toEqual({ months: 0, by: 'None' })
  })

  it('leave a product from before them unlisted until its seller completes them, then keep them', async () => {
    const old = await createProduct(t.database.db, { sellerId: ids.seller, declared: false })
    expect(old.listed).toBe(false)
    const url = `/api/admin/products/edit/${old.id}`
    const blank = {
      declarations: Object.fromEntries(
        Object.keys(declarationsBody().declarations).map((key) => [key, '']),
      ),
      warranty: { months: '', by: '' },
    }
    const draft = await call('PUT', url, cookies.seller, body({ ...blank, image: old.image }))
    expect(draft.statusCode).toBe(200)
    expect(draft.json().data).toMatchObject({ listed: false, declarationsComplete: false })
    expect(draft.json().data.declarations.manufacturerName).toBeNull()

    const completed = await call('PUT', url, cookies.seller, body({ image: old.image }))
    expect(completed.json().data).toMatchObject({ listed: true, declarationsComplete: true })

    // Once complete, an edit cannot blank them (and so hide the product by mistake).
    const cleared = await call('PUT', url, cookies.seller, body({ ...blank, image: old.image }))
    expect(cleared.statusCode).toBe(400)
    expect(cleared.json().errors[0].path).toBe('declarations.manufacturerName')
    const [row] = await t.database.db.select().from(products).where(eq(products.id, old.id))
    expect(row?.listed).toBe(true)
  })

  it('are what the database lists by: it refuses listing an incomplete product', async () => {
    const old = await createProduct(t.database.db, { sellerId: ids.seller, declared: false })
    await expect(
      t.database.db.update(products).set({ listed: true }).where(eq(products.id, old.id)),
    ).rejects.toThrow()
  })

  it('show the seller’s business name, and the marketplace’s for an admin’s goods', async () => {
    const mine = await call('POST', '/api/admin/products/add', cookies.admin, body())
    expect(mine.statusCode).toBe(201)
    expect(mine.json().data.username).toBe(t.app.deps.config.marketplace.legalName)
    const theirs = await call('POST', '/api/admin/products/add', cookies.seller, body())
    const [seller] = await t.database.db
      .select({ businessName: vendorProfiles.businessName })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, ids.seller))
    expect(theirs.json().data.username).toBe(seller?.businessName)
  })
})
