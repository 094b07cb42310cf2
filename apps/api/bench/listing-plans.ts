/**
 * `npm run bench:listing-plans`: EXPLAIN (ANALYZE, BUFFERS) of every statement the listing and
 * its facets run for the bench's paths (bench/paths.ts), on the catalog at DATABASE_URL (a
 * generated one, left as it is: only reads). Prints each statement kind's median and slowest
 * execution time and its median planning time; LISTING_PLANS_SHOW=slow adds the slowest plan of
 * each kind, =all the twelve slowest paths.
 */
import { listingFacetsQuery, listProductsQuery } from '@techbazaar/shared'
import { sql, type SQLWrapper } from 'drizzle-orm'
import { openDatabase } from '../src/db/client'
import { facetQueries, listingQueries } from '../src/modules/catalog/catalog.service'
import { rowsOf } from './generate-products'
import { facetPaths, listingPaths, optionListingPaths } from './paths'

const SHOW = process.env.LISTING_PLANS_SHOW
const ROUNDS = Number(process.env.LISTING_PLANS_ROUNDS ?? 2)

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('DATABASE_URL: a generated catalog on PostgreSQL')
  const database = await openDatabase({ databaseUrl })
  const db = database.db
  const times = new Map<string, { ms: number; planning: number; path: string; plan: string }[]>()
  const explain = async (kind: string, path: string, statement: SQLWrapper) => {
    const result = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement.getSQL()}`)
    const lines = rowsOf<{ 'QUERY PLAN': string }>(result).map((row) => row['QUERY PLAN'])
    const text = lines.join('\n')
    const ms = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN)
    const planning = Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? NaN)
    times.set(kind, [...(times.get(kind) ?? []), { ms, planning, path, plan: text }])
  }
  const params = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''))
  for (let round = 0; round < ROUNDS; round++) {
    times.clear()
    for (const [group, paths] of [
      ['listing', listingPaths()],
      ['option listing', optionListingPaths()],
    ] as const) {
      for (const path of paths) {
        const query = listProductsQuery.parse(params(path))
        for (const [kind, statement] of Object.entries(listingQueries(db, query))) {
          if (statement) await explain(`${group} ${kind}`, path, statement as SQLWrapper)
        }
      }
    }
    for (const path of facetPaths()) {
      const filters = listingFacetsQuery.parse(params(path))
      for (const [kind, statement] of Object.entries(facetQueries(db, filters))) {
        await explain(`facets ${kind.startsWith('option') ? 'options' : kind}`, path, statement)
      }
    }
  }
  console.log('| Statement | n | median ms | max ms | median planning ms | slowest path |')
  console.log('| --- | ---: | ---: | ---: | ---: | --- |')
  for (const [kind, list] of times) {
    const sorted = [...list].sort((a, b) => a.ms - b.ms)
    const median = sorted[Math.floor(sorted.length / 2)]!.ms
    const slowest = sorted[sorted.length - 1]!
    const planning = [...list].sort((a, b) => a.planning - b.planning)[Math.floor(list.length / 2)]!
    console.log(
      `| ${kind} | ${list.length} | ${median.toFixed(2)} | ${slowest.ms.toFixed(2)} | ${planning.planning.toFixed(2)} | ${slowest.path.replace(/^\/api\/shop\/products\//, '')} |`,
    )
    if (SHOW === 'slow') console.log(slowest.plan)
    if (SHOW === 'all')
      for (const row of sorted.slice(-12))
        console.log(`  ${row.ms.toFixed(1)} ${decodeURIComponent(row.path)}`)
  }
  await database.close()
}

await main()
