import { DEFAULT_SORT, LIMITS, SORT_OPTIONS, type ListProductsQuery } from '@techbazaar/shared'
import { sql, type SQLWrapper } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addVariantFamilies, generateProducts, rowsOf } from '../../../bench/generate-products'
import { createTestApp, type TestContext } from '../../../test/app'
import { facetQueries, listingQueries } from './catalog.service'
import { isOptionFacet } from './listing-facets'

/**
 * Proof that every filter and sort the listing UI offers is served by an index: EXPLAIN each
 * statement the service runs on a large generated catalog and fail on any sequential scan of
 * products. 100k products on PostgreSQL (TEST_DATABASE_URL); PGlite builds rows several times
 * slower, so it checks the same plans on 20k.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const PRODUCT_COUNT = onPostgres ? 100_000 : 20_000

let t: TestContext

beforeAll(async () => {
  t = await createTestApp()
  await generateProducts(t.database.db, PRODUCT_COUNT)
  await addVariantFamilies(t.database.db)
  // What autovacuum does on a server; it also lets counts use index-only scans.
  await t.database.db.execute(sql`VACUUM ANALYZE products`)
}, 120_000)
afterAll(() => t.close())

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Plans?: PlanNode[]
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

async function explain(statement: SQLWrapper): Promise<PlanNode[]> {
  return nodesOf(await planOf(statement))
}

async function planOf(statement: SQLWrapper): Promise<PlanNode> {
  const result = await t.database.db.execute(sql`EXPLAIN (FORMAT JSON) ${statement.getSQL()}`)
  const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(result)
  const raw = row?.['QUERY PLAN']
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw
  if (!parsed) throw new Error('no plan')
  return parsed[0].Plan
}

/** A read of products that is not a lookup by primary key. */
const readsProducts = (node: PlanNode) =>
  node['Relation Name'] === 'products' && node['Index Name'] !== 'products_pkey'

/**
 * Decision 099's two rules, as plan shapes. A page's rows: a Sort never takes products straight
 * from a scan (each range is cut by a Limit first, or the index gives the order), but for a
 * filter's own range. A count never
 * reads products without a Limit above the scan, but through the family leads' own indexes (as
 * many rows as families). Answers the offending nodes, empty when the plan keeps its rule.
 */
function unboundedReads(plan: PlanNode, counting: boolean): string[] {
  const found: string[] = []
  const visit = (node: PlanNode, underSort: boolean, underLimit: boolean) => {
    const limit = node['Node Type'] === 'Limit'
    const sort = node['Node Type'] === 'Sort' || (underSort && !limit)
    if (readsProducts(node)) {
      // Reading all that a price, rating or discount range holds (to sort or count it) is the
      // planner's choice when it judges the range narrow from the column's statistics.
      const filterRange = /effective_price_paise|average_review|discount_percent/.test(
        node['Index Cond'] ?? '',
      )
      if (underSort && !counting && !filterRange) {
        found.push(`sorted ${node['Node Type']} ${node['Index Name'] ?? ''}`)
      }
      const familyLeads = node['Index Name']?.startsWith('products_family_lead_') ?? false
      if (counting && !underLimit && !familyLeads && !filterRange) {
        found.push(`counted ${node['Node Type']} ${node['Index Name'] ?? ''}`)
      }
    }
    for (const child of node.Plans ?? []) visit(child, sort && !limit, underLimit || limit)
  }
  visit(plan, false, false)
  return found
}

/** Scans of products in a plan (users, one row per seller, may be scanned any way). */
const productScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Relation Name'] === 'products').map((n) => n['Node Type'])
/** A bitmap heap scan reads only the pages its bitmap index scans found. */
const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan'])

/**
 * A statement that scans products does so through an index only; one that reads none (a sum of
 * the kept counts, decision 099) passes.
 */
const unindexed = (types: string[]) =>
  types.includes('Seq Scan') || (types.length > 0 && !types.some((type) => INDEX_SCANS.has(type)))

/** Every filter group the UI offers, with none, one and two values, with and without a price range. */
function combinations(): ListProductsQuery[] {
  const categories = [undefined, ['electronics'], ['electronics', 'accessories']]
  const brands = [undefined, ['samsung'], ['samsung', 'apple']]
  const sections = [undefined, ['trending'], ['trending', 'accessories']]
  const prices = [{}, { minPrice: 1_000, maxPrice: 50_000 }, { maxPrice: 2_000 }]
  const out: ListProductsQuery[] = []
  for (const category of categories)
    for (const brand of brands)
      for (const section of sections)
        for (const price of prices)
          for (const sortBy of SORT_OPTIONS)
            out.push({
              category,
              brand,
              section,
              ...price,
              sortBy,
              page: 1,
              limit: LIMITS.listingPageSize,
            })
  return out
}

const describeQuery = (q: ListProductsQuery) =>
  JSON.stringify({ ...q, page: undefined, limit: undefined })

describe(`listing query plans on ${PRODUCT_COUNT / 1000}k products (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('uses an index and never scans products sequentially, for every filter and sort', async () => {
    const failures: string[] = []
    const seenCounts = new Set<string>()
    for (const query of combinations()) {
      const { rows, count } = listingQueries(t.database.db, query)
      const statements: [string, SQLWrapper][] = [['rows', rows]]
      const countKey = describeQuery({ ...query, sortBy: DEFAULT_SORT })
      if (!seenCounts.has(countKey)) {
        seenCounts.add(countKey)
        statements.push(['count', count])
      }
      for (const [kind, statement] of statements) {
        const types = productScans(await explain(statement))
        if (unindexed(types)) {
          failures.push(`${kind} ${describeQuery(query)}: ${types.join(', ')}`)
        }
      }
    }
    expect(seenCounts.size).toBe(81)
    expect(failures).toEqual([])
  })

  it('serves the rating, discount and stock filters through indexes too (decision 089)', async () => {
    const failures: string[] = []
    const extras = [{ minRating: 4 }, { minDiscount: 50 }, { inStock: true }] as const
    const bases = [{}, { category: ['electronics'] }, { brand: ['samsung'], maxPrice: 2_000 }]
    for (const extra of [...extras, { minRating: 4, minDiscount: 25, inStock: true } as const])
      for (const base of bases)
        for (const sortBy of SORT_OPTIONS) {
          const query: ListProductsQuery = {
            ...base,
            ...extra,
            sortBy,
            page: 1,
            limit: LIMITS.listingPageSize,
          }
          const { rows, count } = listingQueries(t.database.db, query)
          const { sortBy: _s, page: _p, limit: _l, ...filters } = query
          const statements: [string, SQLWrapper][] = [
            ['rows', rows],
            ['count', count],
            ...Object.entries(facetQueries(t.database.db, filters)),
          ]
          for (const [kind, statement] of statements) {
            const types = productScans(await explain(statement))
            if (unindexed(types)) {
              failures.push(`${kind} ${describeQuery(query)}: ${types.join(', ')}`)
            }
          }
        }
    expect(failures).toEqual([])
  })

  it('serves the variant option filters through an index (decision 090)', async () => {
    const failures: string[] = []
    const filters = [
      { options: ['colour:blue'] },
      { options: ['colour:black', 'colour:blue', 'storage:256 gb'], brand: ['apple'] },
    ]
    for (const filter of filters)
      for (const sortBy of SORT_OPTIONS) {
        const query: ListProductsQuery = {
          ...filter,
          sortBy,
          page: 1,
          limit: LIMITS.listingPageSize,
        }
        const { rows, count } = listingQueries(t.database.db, query)
        for (const [kind, statement] of [
          ['rows', rows],
          ['count', count],
        ] as const) {
          const types = productScans(await explain(statement))
          if (unindexed(types)) {
            failures.push(`${kind} ${describeQuery(query)}: ${types.join(', ')}`)
          }
        }
      }
    expect(failures).toEqual([])
  })

  it('counts the variant option facets through indexes too (decision 090)', async () => {
    const failures: string[] = []
    const filters = [
      {},
      { options: ['colour:blue'] },
      { options: ['colour:black', 'colour:blue', 'storage:256 gb'], brand: ['apple'] },
      { category: ['electronics'], maxPrice: 2_000, inStock: true as const },
    ]
    for (const filter of filters) {
      const options = Object.entries(facetQueries(t.database.db, filter)).filter(([name]) =>
        isOptionFacet(name),
      )
      expect(options.length).toBeGreaterThan(0)
      for (const [kind, statement] of options) {
        const types = productScans(await explain(statement))
        if (unindexed(types)) {
          failures.push(`${kind} ${JSON.stringify(filter)}: ${types.join(', ')}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('finds every page along index ranges and counts no filter in full (decision 099)', async () => {
    const failures: string[] = []
    const options = [undefined, ['colour:blue'], ['colour:black', 'storage:256 gb']]
    const extras = [{}, { minRating: 4 as const, inStock: true as const }]
    for (const base of combinations())
      for (const option of base.brand?.length === 2 ? options : [undefined])
        for (const extra of base.section ? [{}] : extras) {
          const query = { ...base, ...extra, options: option, page: 3 }
          const { rows, count } = listingQueries(t.database.db, query)
          const { sortBy: _s, page: _p, limit: _l, ...filters } = query
          const statements: [string, SQLWrapper, boolean][] = [
            ['rows', rows, false],
            ['count', count, true],
            ...Object.entries(facetQueries(t.database.db, filters)).map(
              ([group, statement]) => [group, statement, true] as [string, SQLWrapper, boolean],
            ),
          ]
          for (const [kind, statement, counting] of statements) {
            const bad = unboundedReads(await planOf(statement), counting)
            if (bad.length) failures.push(`${kind} ${describeQuery(query)}: ${bad.join(', ')}`)
          }
        }
    expect(failures).toEqual([])
  })

  it('serves a deep page through the index too', async () => {
    const { rows } = listingQueries(t.database.db, {
      brand: ['xiaomi'],
      sortBy: 'title-ztoa',
      page: 40,
      limit: LIMITS.listingPageSize,
    })
    const types = productScans(await explain(rows))
    expect(types).not.toContain('Seq Scan')
    expect(types.some((type) => INDEX_SCANS.has(type))).toBe(true)
  })

  it('counts the facets through an index too, for every filter combination', async () => {
    const failures: string[] = []
    const seen = new Set<string>()
    for (const query of combinations()) {
      const { sortBy: _sort, page: _page, limit: _limit, ...filters } = query
      const key = JSON.stringify(filters)
      if (seen.has(key)) continue
      seen.add(key)
      for (const [group, statement] of Object.entries(facetQueries(t.database.db, filters))) {
        const types = productScans(await explain(statement))
        if (unindexed(types)) {
          failures.push(`${group} ${key}: ${types.join(', ')}`)
        }
      }
    }
    expect(seen.size).toBe(81)
    expect(failures).toEqual([])
  })
})
