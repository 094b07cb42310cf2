// `npm run size`: the storefront's page budget (issues 7, 14 and 29). Two checks, both printed:
//
// 1. Build: the entry chunk and every chunk it imports statically (what index.html loads and
//    modulepreloads) must stay within 100 KB (KiB, 102,400 bytes) gzip, and neither it nor the
//    chunks the home page loads next (root, shop layout, home page) may hold admin code.
// 2. First visit, in a real browser: starts the shop as `npm start` does (fresh data directory,
//    free port), opens / and then the first product page the sitemap lists (issue 29) in headless
//    Chromium as a first-time visitor (empty cache, the browser's own Accept-Encoding), waits
//    until the page is idle, scrolls to its end and waits again, and adds up the bytes over the wire of every JavaScript response body (compressed as sent): at
//    most 100 KB, at a phone's and at a desktop's width. Response headers are printed but not
//    counted (HTTP/2 compresses repeated headers away; the local HTTP/1.1 server does not).
//    No page errors or console errors, and none of those files may hold admin code.
//
//   node scripts/check-web-size.mjs [--report file.json] [--modules N] [--url http://localhost:3000]
//
// Check 1 builds the web app into a temporary directory (never touching apps/web/dist, which
// running servers read) and works from the build's manifest. The module ids per chunk come from
// the bundler itself, so "admin code" is judged by source path, not by guessing from chunk names.
// Check 2 measures a shop that already runs when given --url (it must serve the current build).
/* global window, document, requestIdleCallback -- in the functions run inside the page */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { build } from 'vite'
import { startShop, waitUntilReady } from '../e2e/shop-process.mjs'

const BUDGET_BYTES = 100 * 1024
/** What the home page (/) loads right after the entry, in parallel: reported, and kept admin-free. */
const HOME_ROUTE_SOURCES = [
  'src/app/root.tsx',
  'src/app/layouts/shop/shop-layout.tsx',
  'src/features/catalog/pages/home-page.tsx',
]
/** Source folders that only the admin and seller panels use. */
const ADMIN_SOURCES = [
  /\/src\/features\/admin-[^/]+\//,
  /\/src\/features\/(dashboard|vendors|banners|business-address)\//,
  /\/src\/app\/layouts\/admin[^/]*$/,
]

const webRoot = path.resolve(import.meta.dirname, '../apps/web')
const gzipSize = (text) => gzipSync(text).length
const KB = (bytes) => `${(bytes / 1024).toFixed(2)} KB`

/** Builds into a fresh temporary directory; returns it with the modules of every chunk. */
async function buildOnce() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'techbazaar-size-'))
  /** @type {Map<string, { id: string, code: string }[]>} */
  const chunkModules = new Map()
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [
      {
        name: 'techbazaar:collect-chunk-modules',
        generateBundle(_options, bundle) {
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk') continue
            chunkModules.set(
              output.fileName,
              Object.entries(output.modules).map(([id, rendered]) => ({
                id,
                code: rendered.code ?? '',
              })),
            )
          }
        },
      },
    ],
  })
  return { outDir, chunkModules }
}

/** The manifest entries and every chunk they reach through static imports. */
function staticClosure(manifest, keys) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    if (!manifest[key]) throw new Error(`The manifest has no chunk for ${key}`)
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return [...seen].map((key) => manifest[key])
}

function describeChunks(outDir, chunks) {
  return chunks.map((chunk) => {
    const code = readFileSync(path.join(outDir, chunk.file), 'utf8')
    return { file: chunk.file, raw: Buffer.byteLength(code), gzip: gzipSize(code) }
  })
}

function printChunks(title, rows) {
  console.log(title)
  for (const row of rows) {
    console.log(`  ${row.file.padEnd(44)} ${KB(row.raw).padStart(10)} │ gzip ${KB(row.gzip)}`)
  }
}

async function checkSize({ modules = 0 } = {}) {
  const { outDir, chunkModules } = await buildOnce()
  try {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'))
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
    if (!entryKey) throw new Error('The manifest has no entry chunk')

    const initial = staticClosure(manifest, [entryKey])
    const initialFiles = new Set(initial.map((chunk) => chunk.file))
    const homeExtra = staticClosure(manifest, HOME_ROUTE_SOURCES).filter(
      (chunk) => !initialFiles.has(chunk.file),
    )

    const initialRows = describeChunks(outDir, initial)
    const homeRows = describeChunks(outDir, homeExtra)
    const total = initialRows.reduce((sum, row) => sum + row.gzip, 0)
    const homeTotal = homeRows.reduce((sum, row) => sum + row.gzip, 0)

    printChunks('Storefront initial JS (entry + static imports):', initialRows)
    console.log(
      `  total gzip ${KB(total)} = ${total} bytes (budget ${KB(BUDGET_BYTES)} = ${BUDGET_BYTES} bytes)`,
    )
    printChunks(
      'Home page (/) chunks loaded after the entry (budgeted with it in the first visit):',
      homeRows,
    )
    console.log(`  total gzip ${KB(homeTotal)}; the whole home page ${KB(total + homeTotal)}`)

    // Admin code must not be in anything a shopper loads for the home page.
    const storefrontFiles = [...initialRows, ...homeRows].map((row) => row.file)
    const adminModules = adminModulesIn(chunkModules, storefrontFiles)

    if (modules > 0) {
      const sized = initial.flatMap((chunk) =>
        (chunkModules.get(chunk.file) ?? []).map(({ id, code }) => ({
          id: id.includes('node_modules') ? id.slice(id.lastIndexOf('node_modules/') + 13) : id,
          gzip: gzipSize(code),
        })),
      )
      sized.sort((a, b) => b.gzip - a.gzip)
      console.log(`Largest modules in the initial JS (each gzipped alone, so only indicative):`)
      for (const { id, gzip } of sized.slice(0, modules)) {
        console.log(`  ${KB(gzip).padStart(9)}  ${path.relative(webRoot, id)}`)
      }
    }

    const failures = []
    if (total > BUDGET_BYTES) {
      failures.push(`initial JS is ${KB(total)} gzip, over the ${KB(BUDGET_BYTES)} budget`)
    }
    if (adminModules.length) {
      failures.push(`admin modules in storefront chunks:\n    ${adminModules.join('\n    ')}`)
    }
    return {
      report: { total, homeTotal, chunks: initialRows, homeChunks: homeRows },
      chunkModules,
      failures,
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/** Admin modules (by the build's module ids) in the given files, as "file: source" lines. */
function adminModulesIn(chunkModules, files) {
  return files.flatMap((file) =>
    (chunkModules.get(file) ?? [])
      .filter(({ id }) => ADMIN_SOURCES.some((pattern) => pattern.test(id)))
      .map(({ id }) => `${file}: ${path.relative(webRoot, id)}`),
  )
}

/** What a first visit is measured at: a phone (as Lighthouse's mobile preset) and a desktop. */
const VIEWPORTS = [
  { name: 'phone 390 px', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop 1280 px', viewport: { width: 1280, height: 800 } },
]
/** Generous: CI has two cores and may be building or testing something else at the same time. */
const STEP_TIMEOUT_MS = 120_000
/** The network counts as idle after this long without a request in flight. */
const QUIET_MS = 2_000
/** Console noise that is expected: a guest's session check answers 401 by design. */
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of 401/]

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address()
  server.close()
  await once(server, 'close')
  return port
}

/** Starts the shop like `npm start` (built when stale) on a free port and a throw-away data dir. */
async function startFreshShop() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'techbazaar-size-data-'))
  const child = startShop({ PORT: String(port), DATA_DIR: dataDir })
  const baseUrl = `http://localhost:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(`${baseUrl}/api/health`, child, 300_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, stop }
}

/**
 * Records every request of the page: its resource type, the response's encoding and sizes
 * (Playwright reads them from the DevTools protocol: the compressed body as it crossed the wire,
 * and the response headers), and how many are still in flight.
 */
function recordNetwork(page) {
  /** @type {{ url: string, type: string, encoding?: string, body?: number, headers?: number, failed?: string }[]} */
  const requests = []
  const inFlight = new Set()
  let lastActivity = Date.now()
  const settle = (request) => {
    inFlight.delete(request)
    lastActivity = Date.now()
  }
  page.on('request', (request) => {
    inFlight.add(request)
    lastActivity = Date.now()
  })
  page.on('requestfinished', async (request) => {
    try {
      const [response, sizes] = await Promise.all([request.response(), request.sizes()])
      requests.push({
        url: request.url(),
        type: request.resourceType(),
        mimeType: (await response?.headerValue('content-type')) ?? '',
        encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
      })
    } finally {
      settle(request)
    }
  })
  page.on('requestfailed', (request) => {
    requests.push({
      url: request.url(),
      type: request.resourceType(),
      failed: request.failure()?.errorText,
    })
    settle(request)
  })

  /** Resolves once no request has been in flight for QUIET_MS (no timing is asserted). */
  async function quiet() {
    const deadline = Date.now() + STEP_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the network was still busy after ${STEP_TIMEOUT_MS / 1000} s`)
  }
  return { requests, quiet }
}

/**
 * The first product page the product sitemap lists: a product's page is what search engines send
 * visitors to (issue 29), so its first visit is held to the same budget as the home page's.
 */
async function firstProductPath(baseUrl) {
  const response = await fetch(`${baseUrl}/sitemaps/products-1.xml`)
  const loc = /<loc>([^<]+)<\/loc>/.exec(await response.text())?.[1]
  if (!response.ok || !loc) throw new Error('the product sitemap lists no product')
  return new URL(loc).pathname
}

/** One first visit of a page at one viewport: the JavaScript files it downloaded, and its errors. */
async function firstVisit(browser, baseUrl, device, pagePath) {
  const { name, ...contextOptions } = device
  const context = await browser.newContext({ ...contextOptions, serviceWorkers: 'block' })
  const page = await context.newPage()
  const errors = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_CONSOLE.some((re) => re.test(message.text()))) {
      errors.push(`console: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
  try {
    const { requests, quiet } = recordNetwork(page)
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS })
    await page.waitForSelector('html[data-app-ready]', {
      state: 'attached',
      timeout: STEP_TIMEOUT_MS,
    })
    await quiet()
    // What loads when the browser is idle (requestIdleCallback) or as the visitor reads on
    // (sections below the fold, carousels) belongs to the first visit too: scroll to the end a
    // screen at a time, then wait for an idle callback and a quiet network once more.
    for (let screens = 0; screens < 40; screens++) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight)
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
      })
      await page.waitForTimeout(250)
      if (atEnd) break
    }
    await quiet()
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
    )
    await quiet()
    const heading = await page.locator('h1').first().textContent({ timeout: STEP_TIMEOUT_MS })
    if (!heading?.trim()) errors.push(`${pagePath} shows no heading`)

    const scripts = requests
      .filter((entry) => entry.type === 'script' || /javascript/.test(entry.mimeType ?? ''))
      .map((entry) => ({
        file: new URL(entry.url).pathname.replace(/^\//, ''),
        encoding: entry.encoding ?? '?',
        bytes: entry.body ?? 0,
        headers: entry.headers ?? 0,
        failed: entry.failed,
      }))
    for (const script of scripts) {
      if (script.failed) errors.push(`${script.file} failed to load: ${script.failed}`)
    }
    const sum = (key) => scripts.reduce((total, script) => total + script[key], 0)
    return { name, pagePath, scripts, total: sum('bytes'), headers: sum('headers'), errors }
  } finally {
    await context.close()
  }
}

async function checkFirstVisit({ url, chunkModules }) {
  const shop = url
    ? { baseUrl: url.replace(/\/$/, ''), stop: async () => {} }
    : await startFreshShop()
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // As e2e/playwright.shared.ts: Debian's chromium, nothing downloaded.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
    .catch(async (error) => {
      await shop.stop()
      throw error
    })
  try {
    const failures = []
    const visits = []
    const pages = ['/', await firstProductPath(shop.baseUrl)]
    for (const [pagePath, device] of pages.flatMap((p) => VIEWPORTS.map((d) => [p, d]))) {
      const visit = await firstVisit(browser, shop.baseUrl, device, pagePath)
      visits.push(visit)
      const where = `${pagePath} at ${visit.name}`
      console.log(`First visit of ${where}: JavaScript over the wire`)
      console.log(`  ${'file'.padEnd(44)} ${'encoding'.padEnd(8)}   body bytes  (+ headers)`)
      for (const script of [...visit.scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.log(
          `  ${script.file.padEnd(44)} ${script.encoding.padEnd(8)} ${String(script.bytes).padStart(8)} B  (+ ${script.headers} B)`,
        )
      }
      console.log(
        `  ${visit.scripts.length} files, ${visit.total} bytes = ${KB(visit.total)} compressed; with response headers ${KB(visit.total + visit.headers)}`,
      )
      console.log(
        `  budget ${KB(BUDGET_BYTES)}: ${visit.total > BUDGET_BYTES ? `${KB(visit.total - BUDGET_BYTES)} over` : `${KB(BUDGET_BYTES - visit.total)} to spare`}`,
      )
      if (visit.total > BUDGET_BYTES) {
        failures.push(
          `first visit of ${where} downloads ${KB(visit.total)} of JavaScript, over the ${KB(BUDGET_BYTES)} budget`,
        )
      }
      if (visit.errors.length) {
        failures.push(`first visit of ${where}:\n    ${visit.errors.join('\n    ')}`)
      }
      const unknown = visit.scripts.filter((script) => !chunkModules.has(script.file))
      if (unknown.length && chunkModules.size) {
        console.log(
          `  (not in the check's own build, so not checked for admin code: ${unknown.map((s) => s.file).join(', ')})`,
        )
      }
      const admin = adminModulesIn(
        chunkModules,
        visit.scripts.map((script) => script.file),
      )
      if (admin.length) {
        failures.push(
          `admin modules downloaded on a first visit of ${where}:\n    ${admin.join('\n    ')}`,
        )
      }
    }
    return {
      report: visits.map(({ name, pagePath, scripts, total, headers }) => ({
        name,
        pagePath,
        scripts,
        total,
        headers,
      })),
      failures,
    }
  } finally {
    await browser.close()
    await shop.stop()
  }
}

const { values } = parseArgs({
  options: {
    report: { type: 'string' },
    modules: { type: 'string', default: '0' },
    url: { type: 'string' },
  },
})
/** One entry per check; scripts/test.mjs counts each as a test. */
const checks = []
let chunkModules = new Map()
try {
  const result = await checkSize({ modules: Number(values.modules) })
  chunkModules = result.chunkModules
  checks.push({ name: 'build', ...result.report, failures: result.failures })
} catch (error) {
  checks.push({
    name: 'build',
    failures: [`the build check could not run: ${error.stack ?? error}`],
  })
}
try {
  const result = await checkFirstVisit({ url: values.url, chunkModules })
  checks.push({ name: 'first-visit', visits: result.report, failures: result.failures })
} catch (error) {
  checks.push({
    name: 'first-visit',
    failures: [`the first-visit check could not run: ${error.stack ?? error}`],
  })
}
const failures = checks.flatMap((check) => check.failures)
for (const failure of failures) console.error(`✗ ${failure}`)
if (!failures.length) {
  console.log('✓ storefront JavaScript within budget (build and first visit), no admin code')
}
if (values.report) {
  // The counts scripts/test.mjs reads: each check is one test.
  const failed = checks.filter((check) => check.failures.length).length
  writeFileSync(
    values.report,
    JSON.stringify({ checks, passed: checks.length - failed, failed }, null, 2),
  )
}
process.exit(failures.length ? 1 : 0)
