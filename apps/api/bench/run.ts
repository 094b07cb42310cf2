/**
 * `npm run bench`: the shop's read paths under load.
 *
 * Starts the app in this process on a free port with a fresh database holding 100k generated
 * products (embedded PGlite, or the PostgreSQL at DATABASE_URL, which must be an empty scratch
 * database), then runs each read endpoint with autocannon and each signed-in write (cart add,
 * order create on distinct SKUs and on one hot SKU) with virtual shoppers, at 20 and 100
 * connections, a flash sale at each of those (BENCH_FLASH_SHOPPERS, default 10,000, new shoppers
 * each with the one product of 100 units in the cart, all ordering it), then the invoice PDF rows (bench/invoices.ts: a cold render, kept bytes, and
 * /api/health while six renders run). Read load comes from a child process (bench/load-child.ts),
 * so this process's event loop and memory are the server's.
 * Prints req/s, p50, p99 and errors with each row's share of /api/health's throughput, and
 * writes the results to bench-results/ (git-ignored).
 *
 * BENCH_PRODUCTS (default 100000) and BENCH_SECONDS (default 6) change the size and duration;
 * BENCH_CONNECTIONS (default "20,100") the loads, and BENCH_ONLY (comma-separated words, e.g.
 * "health,product,reviews,home") runs only the rows whose name holds one of them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { productPath, SEED_BRANDS, SEED_CATEGORIES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app'
import { ROOT_DIR } from '../src/config'
import { benchConfig } from './config'
import { openDatabase, type Db } from '../src/db/client'
import { pdfRenderer } from '../src/modules/invoices/invoice-files'
import { filterOptions } from '../src/db/schema'
import { foldListingCounts } from '../src/modules/catalog'
import {
  addVariantFamilies,
  BENCH_DECLARATION_COLUMNS,
  benchDeclarationValues,
  generateProducts,
  rowsOf,
} from './generate-products'
import { createBenchInvoices, runPdfRows } from './invoices'
import { formatTable, idleFirstByte, runBenchMain, runLoad, type LoadResult } from './load'
import { createBenchShoppers, createBenchSkus, fillBenchCarts } from './shoppers'
import {
  facetPaths,
  homePaths,
  listingPaths,
  optionListingPaths,
  PAGES,
  searchQueries,
  SEARCHES,
} from './paths'
import { runFlashSale, runVirtualUsers, type Scenario } from './virtual-users'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,100').split(',').map(Number)
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean)
const selected = (name: string) => !ONLY || ONLY.some((word) => name.includes(word))

/** What the listing shows first: the whole catalog, cheapest first. */
const LISTING_FIRST_PAGE = '/api/shop/products/get?sortBy=price-lowtohigh'

/** What a browser sends for a page: the server-rendered HTML comes compressed. */
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html' }

/** The flash sale (issue 33.5): this many shoppers, one product with FLASH_UNITS units. */
const FLASH_SHOPPERS = Number(process.env.BENCH_FLASH_SHOPPERS ?? 10_000)
const FLASH_UNITS = 100
const FLASH_ROW = `flash sale (${FLASH_SHOPPERS.toLocaleString('en-IN')} shoppers, ${FLASH_UNITS} units)`

/**
 * One flash sale: a fresh product with FLASH_UNITS units in every one of FLASH_SHOPPERS new
 * shoppers' carts, and all of them ordering it, `connections` orders in flight at once. Prints
 * what it ended with: the orders placed (exactly FLASH_UNITS, or it says so), the 409s, the 5xx.
 */
async function flashSale(db: Db, address: string, sellerId: string, connections: number) {
  const shoppers = await createBenchShoppers(db, FLASH_SHOPPERS)
  const [productId] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO products (seller_id, image, title, description, category, hsn, section, brand,
                            price_paise, sale_price_paise, total_stock, listed,
                            ${BENCH_DECLARATION_COLUMNS})
      VALUES (${sellerId}, '/uploads/bench.webp', 'Flash Sale Phone', 'Benchmark product',
              'electronics', '851713', 'featured', 'samsung', 1499900, 0, ${FLASH_UNITS}, true,
              ${benchDeclarationValues(sql`'Smartphone'`)})
      RETURNING id`),
  ).map((row) => row.id)
  await fillBenchCarts(db, shoppers, productId!)
  const result = await runFlashSale({ name: FLASH_ROW, address, shoppers, connections })
  const exact = result.placed === FLASH_UNITS ? 'exactly the stock' : `NOT ${FLASH_UNITS}`
  process.stdout.write(
    `${result.placed} orders (${exact}), ${result.refused} refused (409), ${result.serverErrors} 5xx, ` +
      `${result.otherErrors} other, over in ${result.seconds.toFixed(1)} s; `,
  )
  return result
}

/**
 * This process's CPU per measured request over a write row: the server's and the virtual
 * shoppers' (a worker thread here). Less noisy than req/s on a machine others share: it counts
 * what the work costs, not how much of the machine it got.
 */
function cpuMeter() {
  const start = process.cpuUsage()
  return {
    perRequest(requests: number) {
      const used = process.cpuUsage(start)
      return `${((used.user + used.system) / 1000 / Math.max(1, requests)).toFixed(2)} ms CPU a request`
    },
  }
}

/** Builds the web app (and its server renderer) when it is missing: pages need both. */
function ensureWebBuild(ssrEntry: string): boolean {
  if (existsSync(ssrEntry)) return true
  console.log('Building the web app for the page rows…')
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  })
  return built.status === 0 && existsSync(ssrEntry)
}

/**
 * Waits until requests still queued from the last run are answered (the pool serves in order,
 * so one health check that gets through means the queue is empty), so a slow endpoint's backlog
 * is not counted against the next one.
 */
async function drain(address: string) {
  await fetch(`${address}/api/health`)
  await new Promise((resolve) => setTimeout(resolve, 500))
}

/**
 * Asks every path of a run once, ten at a time, right before it is measured: the cached rows
 * measure the cache's steady state (a cold key costs one database read, which the cache-off row
 * measures), not how long the first pass over 500 ids takes on a busy machine.
 */
async function visitAll(base: string, paths: string[]) {
  const queue = [...paths]
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift())
      await (await fetch(base + path)).text()
  }
  await Promise.all(Array.from({ length: 10 }, worker))
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
    const { sellerId } = await generateProducts(db, PRODUCTS)
    await addVariantFamilies(db)
    await db
      .insert(filterOptions)
      .values([
        ...SEED_CATEGORIES.map((value) => ({ kind: 'category' as const, value })),
        ...SEED_BRANDS.map((value) => ({ kind: 'brand' as const, value })),
      ])
    // What autovacuum and the counts' fold job would have done by the time a shop this size
    // serves traffic.
    await foldListingCounts(db)
    await db.execute(sql`VACUUM ANALYZE products`)
    const [product] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM products WHERE listed ORDER BY id LIMIT 1`),
    )
    if (!product) throw new Error('no listed product generated')

    // At least 19: the PDF rows give each of their downloads' accounts an order of its own.
    const shoppers = await createBenchShoppers(db, Math.max(...CONNECTIONS, 19))
    const skus = await createBenchSkus(db, sellerId, Math.max(...CONNECTIONS))
    const sample = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM products WHERE listed ORDER BY id LIMIT 500`),
    )
    // Five reviews on each sampled product and three banners, so those replies are not empty.
    await db.execute(sql`
      INSERT INTO reviews (product_id, user_id, user_name, message, value)
      SELECT p.id, u.id, 'Bench Shopper', 'Good value for the price.', 1 + (u.n % 5)
      FROM (SELECT id FROM products WHERE listed ORDER BY id LIMIT 500) AS p
      CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users
                  WHERE type = 'user' ORDER BY id LIMIT 5) AS u`)
    await db.execute(sql`
      INSERT INTO feature_images (image, title, sort_order)
      SELECT '/uploads/bench-banner-' || i || '.webp', 'Bench banner ' || i, i
      FROM generate_series(1, 3) AS i`)
    console.log(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const config = benchConfig(dataDir)
    const withPages =
      PAGES.some((page) => selected(page.name)) && ensureWebBuild(config.webSsrEntry)
    const app = await buildApp(
      { config, db, dbKind: database.kind, listen: database.listen },
      { logger: false },
    )
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    // The same shop with the listing cache off, to show what the database path alone does.
    const uncached = await buildApp(
      { config: { ...config, catalogCacheSeconds: 0 }, db, dbKind: database.kind },
      { logger: false },
    )
    const uncachedAddress = await uncached.listen({ port: 0, host: '127.0.0.1' })

    const listings = listingPaths()
    const optionListings = optionListingPaths()
    const facets = facetPaths()
    const searchQueryPaths = searchQueries().map(
      (keyword) => `/api/shop/search/${encodeURIComponent(keyword)}`,
    )
    // 200 products' own pages (issue 29): each drawn once, then kept like the other pages.
    const productPages = rowsOf<{ title: string; short_id: string }>(
      await db.execute(
        sql`SELECT title, short_id FROM products WHERE listed ORDER BY id LIMIT 200`,
      ),
    ).map((row) => productPath({ title: row.title, shortId: row.short_id }))
    const signedInPages: [string, string][] = [
      ['home page', '/'],
      ['listing page', '/shop/listing'],
      ['a product page', productPages[0] ?? '/'],
    ]
    const pageRuns = withPages
      ? [
          ...PAGES.map((page) =>
            page.url === '/p/'
              ? {
                  name: `product pages (HTML, ${productPages.length} pages)`,
                  url: productPages[0]!,
                  paths: productPages,
                  headers: BROWSER,
                }
              : { ...page, headers: BROWSER },
          ),
          {
            name: 'home page (HTML), page cache off',
            url: '/',
            headers: BROWSER,
            base: uncachedAddress,
          },
          // A signed-in shopper: the kept page when the browser carries the hint the API sets at
          // sign-in (issue 33.4), and drawn per request without it (as every signed-in page was).
          ...signedInPages.map(([name, url]) => ({
            name: `${name} (HTML), signed in`,
            url,
            headers: { ...BROWSER, cookie: `session=${shoppers[0]!.token}; signed_in=1` },
          })),
          {
            name: 'home page (HTML), signed in, drawn per request',
            url: '/',
            headers: { ...BROWSER, cookie: `session=${shoppers[0]!.token}` },
          },
        ]
      : []
    const reads: (Parameters<typeof runLoad>[0] & { base: string })[] = [
      { name: 'health', url: '/api/health' },
      { name: 'listing, first page (cached)', url: LISTING_FIRST_PAGE },
      {
        name: `listing, ${listings.length} filter/sort/page mixes (cached)`,
        url: LISTING_FIRST_PAGE,
        paths: listings,
      },
      {
        name: `listing, ${listings.length} mixes, cache off`,
        url: LISTING_FIRST_PAGE,
        paths: listings,
        base: uncachedAddress,
      },
      {
        name: `listing, ${optionListings.length} option filter mixes, cache off`,
        url: optionListings[0]!,
        paths: optionListings,
        base: uncachedAddress,
      },
      {
        name: `facets with option counts (${facets.length} filter sets), cache off`,
        url: facets[0]!,
        paths: facets,
        base: uncachedAddress,
      },
      {
        name: `product by id (${sample.length} ids)`,
        url: `/api/shop/products/get/${product.id}`,
        paths: sample.map((row) => `/api/shop/products/get/${row.id}`),
      },
      {
        name: `reviews of a product (${sample.length} ids)`,
        url: `/api/shop/review/${product.id}`,
        paths: sample.map((row) => `/api/shop/review/${row.id}`),
      },
      {
        name: 'home data (banners + 5 sections)',
        url: '/api/common/feature/get',
        paths: homePaths(),
      },
      { name: 'filter fetch', url: '/api/shop/filter/fetch' },
      {
        name: `search (${SEARCHES.length} typo'd keywords)`,
        url: `/api/shop/search/${encodeURIComponent(SEARCHES[0] ?? 'phone')}`,
        paths: SEARCHES.map((keyword) => `/api/shop/search/${encodeURIComponent(keyword)}`),
      },
      {
        name: `search, ${searchQueryPaths.length} distinct queries, cache off`,
        url: searchQueryPaths[0]!,
        paths: searchQueryPaths,
        base: uncachedAddress,
      },
      ...pageRuns,
    ]
      .filter((run) => run.name === 'health' || selected(run.name))
      .map((run) => ({ connections: 0, seconds: SECONDS, base: address, ...run }))

    // The process's resident memory through the measured rows (issue 33.6): the server's. The
    // read rows' load comes from a child process; the write rows' virtual shoppers are worker
    // threads in this one.
    const rssAtStart = process.memoryUsage().rss
    let rssPeak = rssAtStart
    const rssSampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 100)
    // A short warm-up of every endpoint, so the first measured run does not pay for JIT and
    // cold caches (that made /api/health look slower than the listing).
    process.stdout.write('  warming up… ')
    for (const run of reads) {
      await runLoad({ ...run, url: run.base + run.url, connections: 10, seconds: 1 })
      await drain(address)
    }
    console.log('done')
    const results: LoadResult[] = []
    const record = (result: LoadResult) => {
      results.push(result)
      console.log(`${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms`)
    }
    for (const connections of CONNECTIONS) {
      for (const run of reads) {
        process.stdout.write(`  ${run.name} at ${connections} connections… `)
        if (run.paths) await visitAll(run.base, run.paths)
        const pages = app.deps.pageCache?.stats()
        record(await runLoad({ ...run, url: run.base + run.url, connections }))
        if (process.env.BENCH_PAGE_STATS && pages) {
          const after = app.deps.pageCache!.stats()
          console.log(
            `    page cache: ${after.hits - pages.hits} hits, ${after.misses - pages.misses} misses, ${after.evictions - pages.evictions} evictions, ${after.entries} entries, ${after.bytes} bytes`,
          )
        }
        await drain(address)
      }
      const writes: [string, Scenario, string[]][] = [
        ['cart add', 'cart-add', skus.distinct],
        ['order create, distinct SKUs', 'checkout', skus.distinct],
        ['order create, one hot SKU', 'checkout', skus.distinct.map(() => skus.hot)],
      ]
      if (selected(FLASH_ROW)) {
        process.stdout.write(`  ${FLASH_ROW} at ${connections} connections… `)
        const cpu = cpuMeter()
        const result = await flashSale(db, address, sellerId, connections)
        process.stdout.write(`${cpu.perRequest(FLASH_SHOPPERS)}; `)
        record(result)
        await drain(address)
      }
      for (const [name, scenario, productIds] of writes) {
        if (!selected(name)) continue
        // Every row starts from empty carts: a row's units left in a cart would be ordered by
        // the next one, past the COD ceilings.
        await db.execute(sql`DELETE FROM cart_lines`)
        process.stdout.write(`  ${name} at ${connections} connections… `)
        const cpu = cpuMeter()
        const result = await runVirtualUsers({
          name,
          address,
          scenario,
          seconds: SECONDS,
          shoppers: shoppers.slice(0, connections),
          productIds: productIds.slice(0, connections),
        })
        process.stdout.write(`${cpu.perRequest(result.requestsPerSecond * SECONDS)}; `)
        record(result)
        await drain(address)
      }
    }
    if (selected('invoice.pdf')) {
      const invoices = await createBenchInvoices(
        db,
        config,
        sellerId,
        skus.hot,
        shoppers.slice(0, 19),
      )
      await runPdfRows({
        db,
        address,
        invoices,
        seconds: SECONDS,
        healthConnections: CONNECTIONS[0] ?? 20,
        record,
      })
      await drain(address)
    }
    clearInterval(rssSampler)
    const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20)
    const memory = `Resident memory of the bench's process (two shops, cached and cache-off, V8's default heap limit; read load from a child process; one shop as production runs it: npm run bench:memory): ${megabytes(rssAtStart)} MB before the rows, peak ${megabytes(rssPeak)} MB, ${megabytes(process.memoryUsage().rss)} MB after; catalog cache ${megabytes(app.deps.catalogCache?.stats().bytes ?? 0)} MB, page cache ${megabytes(app.deps.pageCache?.stats().bytes ?? 0)} MB.`
    // One visitor on an idle shop: how soon the home page starts to arrive.
    const firstByte = withPages ? await idleFirstByte(`${address}/`, BROWSER) : null
    await app.close()
    await uncached.close()
    // The render thread is the module's, not the app's: left running, it keeps this process alive.
    await pdfRenderer.close()

    const table =
      formatTable(results) +
      `\n\n${memory}` +
      (firstByte === null
        ? ''
        : `\n\nHome page asked alone on an idle shop: first byte after ${firstByte.toFixed(1)} ms (median of 5).`)
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

runBenchMain('bench/run.ts', main)
