/**
 * `npm run bench` (after the read paths and settlements), or alone `npm run bench:sitemaps`:
 * the sitemaps at a marketplace's size (issue 29). A fresh database (embedded PGlite, or the
 * empty scratch PostgreSQL at DATABASE_URL) gets 100,000 generated products; then a listening
 * app is asked, as a crawler asks, for `/sitemap.xml` and every product file it lists, each
 * read to its end over HTTP and thrown away. Reports the time of the whole walk (target: under
 * 5 s), the bytes sent, and the process's peak resident memory above what it held before the
 * walk (sampled every 20 ms), which must stay flat: far below the XML's size.
 *
 * BENCH_PRODUCTS (default 100000) changes the size, SITEMAP_URLS_PER_FILE (default 50000) the
 * file size, BENCH_SITEMAP_ENCODING (`gzip`, the default, or `identity`) what the crawler
 * accepts; BENCH_ONLY without "sitemap" skips it when run from `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { buildApp } from '../src/app'
import { benchConfig } from './config'
import { openDatabase } from '../src/db/client'
import { generateProducts } from './generate-products'
import { runBenchStep } from './load'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const ENCODING = process.env.BENCH_SITEMAP_ENCODING ?? 'gzip'
const TARGET_MS = 5000

const MiB = 1024 * 1024

/** Reads a URL to its end without keeping it: its status, body bytes and the text if asked. */
function fetchThrough(
  url: string,
  keep: boolean,
): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ENCODING } }, (res) => {
        let bytes = 0
        const kept: Buffer[] = []
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          if (keep) kept.push(chunk)
        })
        res.on('end', () => {
          const body = Buffer.concat(kept)
          const gzipped = res.headers['content-encoding'] === 'gzip'
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            text: (gzipped && keep ? gunzipSync(body) : body).toString('utf8'),
          })
        })
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

export async function runSitemapBench(): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-bench-sitemaps-'))
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  )
  try {
    await database.migrate()
    console.log(
      `Sitemaps: ${PRODUCTS.toLocaleString('en-IN')} products on ${database.kind}, crawler accepts ${ENCODING}…`,
    )
    const generated = performance.now()
    await generateProducts(database.db, PRODUCTS)
    const generateMs = performance.now() - generated
    console.log(`  generated in ${(generateMs / 1000).toFixed(1)} s (short ids included)`)

    const config = benchConfig(dataDir, {
      quiet: true,
      env: {
        APP_URL: 'https://shop.example.in',
        ...(process.env.SITEMAP_URLS_PER_FILE
          ? { SITEMAP_URLS_PER_FILE: process.env.SITEMAP_URLS_PER_FILE }
          : {}),
      },
    })
    const app = await buildApp(
      { config, db: database.db, dbKind: database.kind },
      { logger: false },
    )
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const local = (url: string) => url.replace(config.appUrl, address)

    // A first walk warms the database's cache and the code; the second is measured.
    const walk = async () => {
      const index = await fetchThrough(`${address}/sitemap.xml`, true)
      if (index.status !== 200) throw new Error(`sitemap.xml answered ${index.status}`)
      const files = [...index.text.matchAll(/<loc>([^<]*products-\d+\.xml)<\/loc>/g)].map(
        (m) => m[1]!,
      )
      let bytes = index.bytes
      for (const file of files) {
        const res = await fetchThrough(local(file), false)
        if (res.status !== 200) throw new Error(`${file} answered ${res.status}`)
        bytes += res.bytes
      }
      return { files: files.length, bytes }
    }
    await walk()

    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)
    const started = performance.now()
    const { files, bytes } = await walk()
    const ms = performance.now() - started
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    await app.close()

    // The XML as written, for scale: about 110 bytes a URL before compression.
    const growth = (peak - baseline) / MiB
    const verdict = ms < TARGET_MS ? 'within' : 'OVER'
    const header = `Sitemaps benchmark: ${database.kind}, ${PRODUCTS.toLocaleString('en-IN')} products, ${config.sitemapUrlsPerFile.toLocaleString('en-IN')} URLs per file, crawler accepts ${ENCODING}, ${os.cpus().length} CPUs, Node ${process.version}`
    const table = [
      '| step | result |',
      '| --- | --- |',
      `| generating the products (not timed in the target) | ${(generateMs / 1000).toFixed(1)} s |`,
      `| /sitemap.xml + all ${files} product files, read to the end | ${ms.toFixed(0)} ms (${verdict} the ${TARGET_MS / 1000} s target) |`,
      `| bytes sent (${ENCODING}) | ${(bytes / MiB).toFixed(1)} MiB |`,
      `| peak RSS above the start of the walk | ${growth.toFixed(1)} MiB (RSS before: ${(baseline / MiB).toFixed(0)} MiB) |`,
    ].join('\n')
    return `${header}\n\n${table}\n`
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runBenchStep(import.meta, 'sitemap', runSitemapBench)
