import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { createProduct, createSeller } from '../../../test/factories'

let t: TestContext

const CATALOG: { title: string; brand: string; listed?: boolean }[] = [
  { title: 'Samsung Galaxy S24 FE 5G (8GB/128GB) - Blue', brand: 'samsung' },
  { title: 'Samsung Galaxy S24 Ultra 5G (12GB/256GB) - Titanium Gray', brand: 'samsung' },
  { title: 'Samsung Galaxy M35 5G (6GB/128GB) - Moonlight Blue', brand: 'samsung' },
  { title: 'Samsung Galaxy Buds3 Pro - Silver', brand: 'samsung' },
  { title: 'Samsung 25W Travel Adapter - White', brand: 'samsung' },
  { title: 'Samsung Galaxy A15 5G (Hidden Seller)', brand: 'samsung', listed: false },
  { title: 'Apple iPhone 16 (128GB) - Ultramarine', brand: 'apple' },
  { title: 'Apple AirPods Pro (2nd generation) with USB-C', brand: 'apple' },
  { title: 'Xiaomi Redmi Note 13 Pro 5G (8GB/256GB) - Midnight Black', brand: 'xiaomi' },
  { title: 'OnePlus Nord CE4 Lite 5G (8GB/128GB) - Super Silver', brand: 'oneplus' },
  { title: 'Nothing Phone (3a) (8GB/128GB) - Black', brand: 'nothing' },
  { title: 'realme narzo 70 Turbo 5G (6GB/128GB) - Turbo Yellow', brand: 'realme' },
  { title: 'boAt Airdopes 141 Bluetooth Earbuds - Bold Black', brand: 'boat' },
  { title: 'boAt Rockerz 450 Wireless Headphones - Luscious Black', brand: 'boat' },
]

beforeAll(async () => {
  t = await createTestApp()
  const seller = await createSeller(t.database.db)
  for (const item of CATALOG) {
    await createProduct(t.database.db, { sellerId: seller.id, ...item })
  }
})
afterAll(() => t.close())

const search = async (keyword: string) => {
  const res = await t.app.inject({ url: `/api/shop/search/${encodeURIComponent(keyword)}` })
  return { status: res.statusCode, body: res.json() }
}
const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title)

describe('GET /api/shop/search/:keyword', () => {
  it('finds Samsung Galaxy phones first for the typo "samsng galxy"', async () => {
    const { status, body } = await search('samsng galxy')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    const found = titles(body)
    expect(found.length).toBeGreaterThanOrEqual(3)
    expect(found.slice(0, 3).every((title) => title.startsWith('Samsung Galaxy'))).toBe(true)
    expect(found).not.toContain('Samsung Galaxy A15 5G (Hidden Seller)')
    expect(found.some((title) => title.startsWith('Apple'))).toBe(false)
  })

  it('ranks exact words above near misses and answers products in the API shape', async () => {
    const { body } = await search('galaxy s24 ultra')
    expect(body.data[0]).toMatchObject({
      title: 'Samsung Galaxy S24 Ultra 5G (12GB/256GB) - Titanium Gray',
      brand: 'samsung',
      price: 1000,
      salePrice: 0,
    })
    expect(body.data[0].username).toMatch(/^User/)
  })

  it('forgives typos in one word and finds by brand', async () => {
    expect(titles((await search('airdopes')).body)[0]).toMatch(/Airdopes 141/)
    expect(titles((await search('airdops')).body)[0]).toMatch(/Airdopes 141/)
    expect(titles((await search('ipone 16')).body)[0]).toMatch(/iPhone 16/)
    expect(titles((await search('rockerz headphone')).body)[0]).toMatch(/Rockerz 450/)
    const oneplus = titles((await search('oneplus')).body)
    expect(oneplus[0]).toMatch(/^OnePlus Nord/)
  })

  it('treats punctuation, quotes and SQL-looking input as plain words', async () => {
    for (const keyword of [
      '"samsung galaxy"',
      "samsung' OR 1=1 --",
      'galaxy & | ! <-> :* ()',
      "'; DROP TABLE products; --",
      '%_\\',
      '-',
      '!!!',
      'the',
      '😀 phone',
    ]) {
      const { status, body } = await search(keyword)
      expect(status, keyword).toBe(200)
      expect(Array.isArray(body.data), keyword).toBe(true)
    }
    expect(titles((await search('"samsung galaxy"')).body)[0]).toMatch(/^Samsung Galaxy/)
    // The catalog is still there.
    expect((await search('nothing phone')).body.data.length).toBeGreaterThan(0)
  })

  it('returns an empty list when nothing is close', async () => {
    const { status, body } = await search('zzqxv')
    expect(status).toBe(200)
    expect(body.data).toEqual([])
  })

  it('answers 400 for a blank, too long or control-character keyword', async () => {
    for (const keyword of ['   ', 'a'.repeat(101), 'abc\u0000def', 'tab\there']) {
      const { status, body } = await search(keyword)
      expect(status, JSON.stringify(keyword)).toBe(400)
      expect(body.success).toBe(false)
      expect(body.message).toBeTruthy()
    }
    expect((await search('a'.repeat(100))).status).toBe(200)
    // 100 characters of Devanagari are 900 bytes once percent-encoded in the path.
    expect((await search('फ़ोन'.repeat(25))).status).toBe(200)
  })
})

describe('GET /api/shop/search/:keyword at most 50 results', () => {
  it('caps the results at 50', async () => {
    const seller = await createSeller(t.database.db)
    for (let i = 0; i < 55; i++) {
      await createProduct(t.database.db, {
        sellerId: seller.id,
        title: `Portronics Power Bank ${i} 10000mAh`,
        brand: 'realme',
      })
    }
    const { body } = await search('power bank')
    expect(body.data).toHaveLength(50)
  })
})
