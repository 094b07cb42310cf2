/**
 * `npm run bench`: the shop's read paths under load.
 *
 * Starts the app in this process on a free port with a fresh database holding 100k generated
 * products (embedded PGlite, or the PostgreSQL at DATABASE_URL, which must be an empty scratch
 * database), then runs autocannon against each endpoint at 20 and 100 connections. autocannon
 * fires from a worker thread, so the server keeps this process's event loop to itself.
 * Prints req/s, p50, p99 and errors with each endpoint's share of /api/health's throughput, and
 * writes the results to bench-results/ (git-ignored).
 *
 * BENCH_PRODUCTS (default 100000) and BENCH_SECONDS (default 6) change the size and duration.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SEED_BRANDS, SEED_CATEGORIES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app'
import { loadConfig, ROOT_DIR } from '../src/config'
import { openDatabase } from '../src/db/client'
import { filterOptions } from '../src/db/schema'
import { generateProducts, rowsOf } from './generate-products'
import { formatTable, runLoad, type LoadResult } from './load'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const CONNECTIONS = [20, 100]

/**
 * Waits until requests still queued from the last run are answered (the pool serves in order,
 * so one health check that gets through means the queue is empty), so a slow endpoint's backlog
 * is not counted against the next one.
 */
async function drain(address: string) {
  await fetch(`${address}/api/health`)
  await new Promise((resolve) => setTimeout(resolve, 500))
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-bench-'))
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  )
  const started = performance.now()
  try {
    await database.migrate()
    const db = database.db
    const existing = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM users`),
    )
    if ((existing[0]?.n ?? 0) > 0) {
      throw new Error('DATABASE_URL must point to an empty scratch database (it has users)')
    }
    console.log(`Generating ${PRODUCTS.toLocaleString('en-IN')} products on ${database.kind}…`)
    await generateProducts(db, PRODUCTS)
    await db
      .insert(filterOptions)
      .values([
        ...SEED_CATEGORIES.map((value) => ({ kind: 'category' as const, value })),
        ...SEED_BRANDS.map((value) => ({ kind: 'brand' as const, value })),
      ])
    // What autovacuum would have done by the time a shop this size serves traffic.
    await db.execute(sql`VACUUM ANALYZE products`)
    const [product] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM products WHERE listed ORDER BY id LIMIT 1`),
    )
    if (!product) throw new Error('no listed product generated')
    console.log(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
    const app = await buildApp({ config, db, dbKind: database.kind }, { logger: false })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })

    const endpoints: [string, string][] = [
      ['health', '/api/health'],
      [
        'listing (brand + price, sorted)',
        '/api/shop/products/get?brand=samsung,apple&maxPrice=50000&sortBy=price-hightolow',
      ],
      ['product by id', `/api/shop/products/get/${product.id}`],
      ['filter fetch', '/api/shop/filter/fetch'],
      ['search "samsng galxy"', `/api/shop/search/${encodeURIComponent('samsng galxy')}`],
    ]
    // A short warm-up of every endpoint, so the first measured run does not pay for JIT and
    // cold caches (that made /api/health look slower than the listing).
    process.stdout.write('  warming up… ')
    for (const [name, url] of endpoints) {
      await runLoad({ name, url: address + url, connections: 10, seconds: 1 })
      await drain(address)
    }
    console.log('done')
    const results: LoadResult[] = []
    for (const connections of CONNECTIONS) {
      for (const [name, url] of endpoints) {
        process.stdout.write(`  ${name} at ${connections} connections… `)
        const result = await runLoad({ name, url: address + url, connections, seconds: SECONDS })
        results.push(result)
        console.log(`${Math.round(result.requestsPerSecond)} req/s`)
        await drain(address)
      }
    }
    await app.close()

    const table = formatTable(results)
    const header = `TechBazaar benchmark: ${database.kind}, ${PRODUCTS.toLocaleString('en-IN')} products, ${SECONDS} s per run, ${os.cpus().length} CPUs, Node ${process.version}`
    console.log(`\n${header}\n\n${table}\n`)
    const outDir = path.join(ROOT_DIR, 'bench-results')
    mkdirSync(outDir, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const base = path.join(outDir, `${stamp}-${database.kind}`)
    writeFileSync(`${base}.md`, `${header}\n\n${table}\n`)
    writeFileSync(
      `${base}.json`,
      JSON.stringify(
        { database: database.kind, products: PRODUCTS, seconds: SECONDS, results },
        null,
        2,
      ),
    )
    console.log(`Results written to ${path.relative(process.cwd(), base)}.{md,json}`)
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
