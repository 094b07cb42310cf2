/**
 * `npm run bench:memory -w apps/api`: the memory of one shop process run as production runs it
 * (`node --import tsx src/server.ts`, NODE_ENV=production, one shop on its own pool, info logs),
 * under the bench's read load, over time (issue 33.6). bench/run.ts's process holds two shops
 * (cached and cache-off) and the write rows' threads; this one holds what a deployment does.
 *
 * DATABASE_URL: a PostgreSQL scratch database, empty (BENCH_PRODUCTS, default 100000, are
 * generated first) or holding a generated catalog, e.g. a copy of a 10,00,000-product one
 * (`CREATE DATABASE x TEMPLATE y`). The server migrates it and writes its own rows: never a
 * database you keep. BENCH_SECONDS (default 10) a row, BENCH_CONNECTIONS (default "20,100"),
 * BENCH_ROUNDS (default 2: growth from one round to the next shows), BENCH_ONLY as in run.ts.
 * BENCH_FILL_CACHES=1 first fills the catalog cache and the page cache to their byte budgets
 * with distinct products and product pages (their TTL raised to an hour so they stay full
 * through the rows): the most the caches can add to the figures.
 * The shop starts through `npm start`'s script (scripts/start.mjs), with its V8 flags;
 * SERVER_NODE_OPTIONS is its NODE_OPTIONS, e.g. "--max-old-space-size=4096" for V8's own limit
 * on a machine with 16 GB or more (the start script's default applies when it sets none).
 *
 * The resident set is read from /proc every 100 ms and the kernel's own peak (VmHWM) at the end;
 * heap, external memory, GC time and the caches' bytes from the shop's /api/metrics after each
 * row. Load comes from child processes (bench/load-child.ts). Linux only (/proc).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { productPath, SEED_BRANDS, SEED_CATEGORIES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import { ROOT_DIR } from '../src/config'
import { openDatabase } from '../src/db/client'
import { filterOptions } from '../src/db/schema'
import { addVariantFamilies, generateProducts, rowsOf } from './generate-products'
import { runBenchMain, runLoad } from './load'
import { listingPaths, PAGES, SEARCHES } from './paths'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,100').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const FILL = process.env.BENCH_FILL_CACHES === '1'
/** Distinct products asked for when filling the caches: more than their budgets hold. */
const FILL_PRODUCTS = 60_000
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean)
/** What a browser sends: its API calls (fetch) accept compressed replies too. */
const BROWSER_API = { 'accept-encoding': 'br, gzip' }
const BROWSER = { ...BROWSER_API, accept: 'text/html' }
const MB = 2 ** 20

/** What production needs to start outside demo mode; none of it is used by the read rows. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SIGNING_KEYS_SECRET: Buffer.alloc(32, 7).toString('base64'),
  MARKETPLACE_LEGAL_NAME: 'Bench Shop Pvt. Ltd.',
  MARKETPLACE_ADDRESS: '1 MG Road; Bengaluru 560001',
  MARKETPLACE_GSTIN: '29AAGCB7383J1Z4',
  MARKETPLACE_CARE_PHONE: '1800 309 4242',
  MARKETPLACE_CARE_EMAIL: 'care@shop.example',
  MARKETPLACE_GRIEVANCE_OFFICER_NAME: 'A. Rao',
  MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
  MARKETPLACE_GRIEVANCE_OFFICER_EMAIL: 'grievance@shop.example',
  MARKETPLACE_GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
}

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  )
  return Number(match?.[1] ?? 0) * 1024
}

/** The gauges and counters of /api/metrics this bench reads (Prometheus text format). */
async function metricsOf(base: string) {
  const text = await (await fetch(`${base}/api/metrics`)).text()
  const value = (name: string) => {
    let sum = 0
    for (const match of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm')))
      sum += Number(match[1])
    return sum
  }
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
    gcSeconds: value('nodejs_gc_duration_seconds_sum'),
    caches: value('techbazaar_catalog_cache_bytes') + value('techbazaar_page_cache_bytes'),
  }
}

/** The server's pid: the start script's one child. */
async function serverPid(startPid: number): Promise<number> {
  for (let tries = 0; tries < 600; tries++) {
    const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim()
    if (children) return Number(children.split(' ')[0])
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the start script started no server')
}

/** Starts the shop as `npm start` does, on a free port; resolves once it answers. */
async function startServer(databaseUrl: string, dataDir: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const nodeOptions = process.env.SERVER_NODE_OPTIONS
  const start = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts/start.mjs')], {
    cwd: ROOT_DIR,
    // The shop's info logs go where a deployment's go, here nowhere: they cost what they cost.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_OPTIONS: nodeOptions ?? '',
      ...(FILL ? { CATALOG_CACHE_SECONDS: '3600' } : {}),
    },
  })
  const base = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    if (start.exitCode !== null) throw new Error(`the server exited with ${start.exitCode}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      if (tries > 1200) throw new Error('the server did not answer within two minutes')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const pid = await serverPid(start.pid!)
  // What the start script gave the server, to print with the figures.
  const flags =
    /(?:^|\0)NODE_OPTIONS=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1] ?? ''
  return { start, base, pid, flags }
}

/** The catalog to ask for: generated first when the database is empty. */
async function prepareCatalog(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl })
  try {
    await database.migrate()
    const db = database.db
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM products`),
    )
    if (!count?.n) {
      console.log(`Generating ${PRODUCTS.toLocaleString('en-IN')} products…`)
      await generateProducts(db, PRODUCTS)
      await addVariantFamilies(db)
      await db
        .insert(filterOptions)
        .values([
          ...SEED_CATEGORIES.map((value) => ({ kind: 'category' as const, value })),
          ...SEED_BRANDS.map((value) => ({ kind: 'brand' as const, value })),
        ])
      await db.execute(sql`VACUUM ANALYZE products`)
    }
    const listed = rowsOf<{ id: string; title: string; short_id: string }>(
      await db.execute(
        sql`SELECT id, title, short_id FROM products WHERE listed ORDER BY id
            LIMIT ${FILL ? FILL_PRODUCTS : 500}`,
      ),
    )
    const [total] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM products`),
    )
    const pages = listed.map((row) => productPath({ title: row.title, shortId: row.short_id }))
    return {
      products: total?.n ?? 0,
      ids: listed.slice(0, 500).map((row) => row.id),
      pages: pages.slice(0, 200),
      fill: { ids: listed.map((row) => row.id), pages },
    }
  } finally {
    await database.close()
  }
}

/**
 * Asks for distinct products' replies and their pages, twenty at a time each, until each cache
 * holds its budget (read from /api/metrics) or its list runs out.
 */
async function fillCaches(base: string, fill: { ids: string[]; pages: string[] }) {
  const fullness = async (cache: 'catalog' | 'page') => {
    const text = await (await fetch(`${base}/api/metrics`)).text()
    const read = (name: string) =>
      Number(new RegExp(`^techbazaar_${cache}_cache_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0)
    return read('bytes') / read('max_bytes')
  }
  const fillOne = async (cache: 'catalog' | 'page', paths: string[], headers: object) => {
    let next = 0
    while (next < paths.length && (await fullness(cache)) < 0.98) {
      const queue = paths.slice(next, next + 1000)
      next += queue.length
      const worker = async () => {
        for (let url = queue.shift(); url; url = queue.shift())
          await (await fetch(base + url, { headers: { ...headers } })).arrayBuffer()
      }
      await Promise.all(Array.from({ length: 20 }, worker))
    }
    console.log(
      `  ${cache} cache filled to ${Math.round((await fullness(cache)) * 100)}% of its budget after ${next} distinct asks`,
    )
  }
  await Promise.all([
    fillOne(
      'catalog',
      fill.ids.map((id) => `/api/shop/products/get/${id}`),
      BROWSER_API,
    ),
    fillOne('page', fill.pages, BROWSER),
  ])
}

interface Row {
  name: string
  url: string
  paths?: string[]
  headers?: Record<string, string>
}

interface RowResult {
  round: number
  name: string
  connections: number
  requestsPerSecond: number
  p99: number
  errors: number
  /** The most resident memory sampled during the row, and after it, in MB. */
  rssPeak: number
  rssAfter: number
  heapUsed: number
  heapTotal: number
  external: number
  /** Seconds the server spent in GC during the row. */
  gcSeconds: number
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('DATABASE_URL (a PostgreSQL scratch database) is required')
  const catalog = await prepareCatalog(databaseUrl)
  const rows: Row[] = [
    { name: 'health', url: '/api/health' },
    { name: 'listing, first page', url: '/api/shop/products/get?sortBy=price-lowtohigh' },
    { name: 'listing, 240 filter/sort/page mixes', url: '/', paths: listingPaths() },
    {
      name: `product by id (${catalog.ids.length} ids)`,
      url: '/',
      paths: catalog.ids.map((id) => `/api/shop/products/get/${id}`),
    },
    {
      name: `search (${SEARCHES.length} typo'd keywords)`,
      url: '/',
      paths: SEARCHES.map((keyword) => `/api/shop/search/${encodeURIComponent(keyword)}`),
    },
    ...PAGES.map((page) =>
      page.url === '/p/'
        ? { name: page.name, url: '/', paths: catalog.pages, headers: BROWSER }
        : { ...page, headers: BROWSER },
    ),
  ]
    .map((row): Row => ({ headers: BROWSER_API, ...row }))
    .filter((row) => row.name === 'health' || !ONLY || ONLY.some((w) => row.name.includes(w)))

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-bench-memory-'))
  const { start, base, pid, flags } = await startServer(databaseUrl, dataDir)
  const timeline: [number, number][] = []
  const started = performance.now()
  let rowPeak = 0
  const sample = () => {
    const rss = procStatus(pid, 'VmRSS')
    rowPeak = Math.max(rowPeak, rss)
    timeline.push([Math.round(performance.now() - started), Math.round(rss / MB)])
  }
  const sampler = setInterval(sample, 100)
  const results: RowResult[] = []
  try {
    const rssAtStart = procStatus(pid, 'VmRSS')
    console.log(
      `Server ${pid} (NODE_OPTIONS ${flags || 'empty'}) on ${catalog.products.toLocaleString('en-IN')} products: ${Math.round(rssAtStart / MB)} MB resident at start`,
    )
    if (FILL) await fillCaches(base, catalog.fill)
    for (let round = 1; round <= ROUNDS; round++) {
      for (const connections of CONNECTIONS) {
        for (const row of rows) {
          process.stdout.write(`  round ${round}, ${row.name} at ${connections} connections… `)
          const before = await metricsOf(base)
          rowPeak = 0
          const load = await runLoad({
            name: row.name,
            url: base + row.url,
            paths: row.paths,
            headers: row.headers,
            connections,
            seconds: SECONDS,
          })
          sample()
          const after = await metricsOf(base)
          const result: RowResult = {
            round,
            name: row.name,
            connections,
            requestsPerSecond: Math.round(load.requestsPerSecond),
            p99: load.p99,
            errors: load.errors,
            rssPeak: Math.round(rowPeak / MB),
            rssAfter: Math.round(procStatus(pid, 'VmRSS') / MB),
            heapUsed: Math.round(after.heapUsed / MB),
            heapTotal: Math.round(after.heapTotal / MB),
            external: Math.round(after.external / MB),
            gcSeconds: Number((after.gcSeconds - before.gcSeconds).toFixed(2)),
          }
          results.push(result)
          console.log(
            `${result.requestsPerSecond} req/s, p99 ${result.p99} ms, RSS peak ${result.rssPeak} MB`,
          )
        }
      }
    }
    clearInterval(sampler)
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    const idle = await metricsOf(base)
    const summary = {
      flags,
      node: process.version,
      products: catalog.products,
      seconds: SECONDS,
      rssAtStart: Math.round(rssAtStart / MB),
      rssPeak: Math.round(procStatus(pid, 'VmHWM') / MB),
      rssAfterIdle: Math.round(procStatus(pid, 'VmRSS') / MB),
      heapUsedAfterIdle: Math.round(idle.heapUsed / MB),
      caches: Math.round(idle.caches / MB),
      gcSeconds: Number(idle.gcSeconds.toFixed(1)),
    }
    const lines = [
      `One shop process (NODE_OPTIONS ${summary.flags || 'empty'}), ${summary.products.toLocaleString('en-IN')} products, ${SECONDS} s a row, ${os.cpus().length} CPUs, Node ${summary.node}`,
      '',
      '| Round | Endpoint | Conns | req/s | p99 ms | Errors | RSS peak MB | RSS after | heap used | heap total | external | GC s |',
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| ${r.round} | ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p99} | ${r.errors} | ${r.rssPeak} | ${r.rssAfter} | ${r.heapUsed} | ${r.heapTotal} | ${r.external} | ${r.gcSeconds} |`,
      ),
      '',
      `Resident memory: ${summary.rssAtStart} MB at start, peak ${summary.rssPeak} MB (VmHWM), ${summary.rssAfterIdle} MB after 10 s idle (heap used ${summary.heapUsedAfterIdle} MB, caches ${summary.caches} MB); ${summary.gcSeconds} s in GC in all.`,
    ]
    const table = lines.join('\n')
    console.log(`\n${table}\n`)
    const outDir = path.join(ROOT_DIR, 'bench-results')
    mkdirSync(outDir, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = path.join(outDir, `${stamp}-memory`)
    writeFileSync(`${file}.md`, `${table}\n`)
    writeFileSync(`${file}.json`, JSON.stringify({ summary, results, timeline }, null, 2))
    console.log(`Results written to ${path.relative(process.cwd(), file)}.{md,json}`)
  } finally {
    clearInterval(sampler)
    start.kill('SIGTERM')
    if (start.exitCode === null) await once(start, 'exit')
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runBenchMain('bench/memory.ts', main)
