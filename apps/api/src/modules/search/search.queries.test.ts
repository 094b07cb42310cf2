import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/app'
import { seedDemo } from '../../db/seed'
import { loadConfig } from '../../config'
import { SEED_PRODUCTS, type DeviceKind, type SeedProduct } from '../../db/seed/catalog-data'
import { SEED_FAMILIES } from '../../db/seed/catalog-families'

/**
 * The fixed query set (issue 31.1, decision 80): what shoppers type, run against the demo
 * catalog, with the products each must find. A kind word finds every product of that kind and
 * nothing else (beyond a description that names the word itself); singular and plural, the
 * synonyms of a kind, Indian spellings and Hindi words find the same products.
 */
let t: TestContext
let uploadsDir: string

beforeAll(async () => {
  t = await createTestApp()
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'techbazaar-queries-'))
  await seedDemo(t.database.db, {
    uploadsDir,
    log: () => {},
    marketplace: loadConfig({}).marketplace,
    settlement: loadConfig({}).settlement,
  })
}, 120_000)
afterAll(async () => {
  await t.close()
  await rm(uploadsDir, { recursive: true, force: true })
})

const search = async (keyword: string): Promise<string[]> => {
  const res = await t.app.inject({ url: `/api/shop/search/${encodeURIComponent(keyword)}` })
  expect(res.statusCode).toBe(200)
  // A family is found once, under its own title (decision 090).
  return res
    .json()
    .data.map((p: { title: string; family?: { title: string } }) => p.family?.title ?? p.title)
}

/** Every demo product the catalog draws as one of these kinds. */
const familyTitle = new Map(SEED_FAMILIES.map((f) => [f.key, f.base.title]))
/** A family's variants show as its one card. */
const shownTitle = (p: SeedProduct) =>
  p.family ? (familyTitle.get(p.family.key) ?? p.title) : p.title
const titlesOf = (...kinds: DeviceKind[]) =>
  [...new Set(SEED_PRODUCTS.filter((p) => kinds.includes(p.kind)).map(shownTitle))].sort()
const PHONES = titlesOf('phone')
const WATCHES = titlesOf('watch')
const EARPHONES = titlesOf('earbuds', 'headphones', 'neckband')
const HEADPHONES = titlesOf('headphones')
const CHARGERS = titlesOf('charger')
const POWER_BANKS = titlesOf('powerbank')
const CASES = titlesOf('case')

const descriptionOf = (title: string) =>
  SEED_PRODUCTS.find((p) => shownTitle(p) === title)?.description ?? ''
const sorted = (titles: string[]) => [...titles].sort()

/**
 * Query → the products it must find first (in any order among themselves); after them come only
 * products whose description names the word itself (a power bank "for earbuds").
 */
const EXACT: Record<string, string[]> = {
  mobile: PHONES,
  mobiles: PHONES,
  'mobile phone': PHONES,
  'mobile phones': PHONES,
  smartphone: PHONES,
  'smart phones': PHONES,
  mobail: PHONES,
  मोबाइल: PHONES,
  फ़ोन: PHONES,
  smartwatch: WATCHES,
  smartwatches: WATCHES,
  'smart watch': WATCHES,
  watches: WATCHES,
  wearables: WATCHES,
  घड़ी: WATCHES,
  headphone: EARPHONES,
  headphones: EARPHONES,
  earphone: EARPHONES,
  earphones: EARPHONES,
  earbuds: EARPHONES,
  'ear buds': EARPHONES,
  'power bank': POWER_BANKS,
  powerbanks: POWER_BANKS,
}

/** Query → the products that must come first (in any order among themselves). */
const FIRST: Record<string, string[]> = {
  headphone: HEADPHONES,
  headphones: HEADPHONES,
  earbuds: [
    'boAt Airdopes 141 Bluetooth Earbuds - Bold Black',
    'boAt Nirvana Ion ANC Earbuds - Charcoal Black',
  ],
  adaptor: [
    'Apple 20W USB-C Power Adapter',
    'Nothing Power (45W) Fast Charging Adapter',
    'OnePlus SUPERVOOC 80W Power Adapter - White',
    'Samsung 25W USB-C Super Fast Charger (Travel Adapter) - Black',
  ],
  chargers: CHARGERS,
  'back cover': CASES,
  'samsung mobile': [
    'Samsung Galaxy A55 5G (8GB/128GB) - Awesome Iceblue',
    'Samsung Galaxy M35 5G (6GB/128GB) - Moonlight Blue',
    'Samsung Galaxy S24 FE 5G',
    'Samsung Galaxy S24 Ultra 5G (12GB/256GB) - Titanium Gray',
  ],
  'boat headphone': [
    'boAt Rockerz 450 Bluetooth On-Ear Headphones - Luscious Black',
    'boAt Rockerz 550 Over-Ear Headphones - Black Symphony',
  ],
}

describe('the fixed query set on the demo catalog', () => {
  it('knows the demo catalog it runs on', () => {
    expect([PHONES.length, WATCHES.length, EARPHONES.length, HEADPHONES.length]).toEqual([
      18, 7, 19, 3,
    ])
  })

  for (const [query, expected] of Object.entries(EXACT)) {
    it(`"${query}" finds its ${expected.length} products first, then only mentions`, async () => {
      const found = await search(query)
      expect(sorted(found.slice(0, expected.length))).toEqual(expected)
      const word = query.replace(/ /g, '').replace(/s$/, '')
      for (const title of found.slice(expected.length)) {
        expect(descriptionOf(title).toLowerCase(), title).toContain(word)
      }
    })
  }

  for (const [query, expected] of Object.entries(FIRST)) {
    it(`"${query}" shows its ${expected.length} best matches first`, async () => {
      const found = await search(query)
      expect(sorted(found.slice(0, expected.length))).toEqual(sorted(expected))
    })
  }

  it('"grey" and "gray" find the same products, titled either way', async () => {
    const grey = await search('grey')
    expect(sorted(grey)).toEqual(sorted(await search('gray')))
    expect(grey).toContain('Nothing Phone (2a) Plus (12GB/256GB) - Grey')
    expect(grey).toContain('OnePlus 12R (8GB/256GB) - Iron Gray')
  })

  it('a tablet is not a mobile, and a charger is not an earphone', async () => {
    expect(await search('mobile')).not.toContain('Apple iPad (10th generation) Wi-Fi 64GB - Blue')
    expect(await search('earphones')).not.toContain('Apple 20W USB-C Power Adapter')
  })
})

const suggest = async (q: string) => {
  const res = await t.app.inject({ url: `/api/shop/suggestions?q=${encodeURIComponent(q)}` })
  return { status: res.statusCode, body: res.json() }
}

describe('GET /api/shop/suggestions', () => {
  it('offers products whose title starts with the words typed, with their pages', async () => {
    const { status, body } = await suggest('galaxy s2')
    expect(status).toBe(200)
    const titles = body.data.products.map((p: { title: string }) => p.title)
    expect(titles).toContain('Samsung Galaxy S24 Ultra 5G (12GB/256GB) - Titanium Gray')
    expect(titles.every((title: string) => /Galaxy S2/.test(title))).toBe(true)
    expect(body.data.products[0].path).toMatch(/^\/p\/samsung-galaxy-s24-[a-z0-9-]+$/)
    expect(body.data.products[0].image).toBeTruthy()
  })

  it('offers brands and kinds of product from the first letters', async () => {
    expect((await suggest('sam')).body.data.brands).toEqual([
      { value: 'samsung', path: '/b/samsung' },
    ])
    expect((await suggest('one plus')).body.data.brands).toEqual([
      { value: 'oneplus', path: '/b/oneplus' },
    ])
    const mob = (await suggest('mob')).body.data
    expect(mob.categories).toEqual([{ label: 'Mobile phones', path: '/shop/search?q=mobile' }])
    // No title starts with "mob": the kind's products instead.
    expect(mob.products).toHaveLength(5)
    for (const product of mob.products) expect(PHONES).toContain(product.title)
    expect((await suggest('smartw')).body.data.categories[0]).toEqual({
      label: 'Smartwatches',
      path: '/shop/search?q=smartwatch',
    })
    expect((await suggest('acc')).body.data.categories).toContainEqual({
      label: 'accessories',
      path: '/c/accessories',
    })
  })

  it('answers a typo from the full search, at most 5 products', async () => {
    const { body } = await suggest('samsng')
    expect(body.data.products.length).toBeGreaterThan(0)
    expect(body.data.products.length).toBeLessThanOrEqual(5)
    expect(body.data.products[0].title).toMatch(/^Samsung/)
  })

  it('answers 400 for a blank or control-character keyword', async () => {
    for (const q of ['  ', 'a\u0000b']) {
      const { status, body } = await suggest(q)
      expect(status).toBe(400)
      expect(body.success).toBe(false)
    }
  })
})
