// `npm run size`: the storefront's page budget (issue 7). The JavaScript a shopper downloads
// before any page can render (the entry chunk and every chunk it imports statically, i.e. what
// index.html loads and modulepreloads) must stay within 100 KB (KiB, 102,400 bytes) gzip, and
// neither it nor the chunks the home page loads next (root, shop layout, home page) may hold
// admin code. Prints the numbers; exits 1 when either rule is broken.
//
//   node scripts/check-web-size.mjs [--report file.json] [--modules N]
//
// Builds the web app into a temporary directory (never touching apps/web/dist, which running
// servers read), then works from the build's manifest. The module ids per chunk come from the
// bundler itself, so "admin code" is judged by source path, not by guessing from chunk names.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

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
      'Home page (/) chunks loaded after the entry, in parallel (not budgeted):',
      homeRows,
    )
    console.log(`  total gzip ${KB(homeTotal)}; the whole home page ${KB(total + homeTotal)}`)

    // Admin code must not be in anything a shopper loads for the home page.
    const storefrontFiles = [...initialRows, ...homeRows].map((row) => row.file)
    const adminModules = storefrontFiles.flatMap((file) =>
      (chunkModules.get(file) ?? [])
        .filter(({ id }) => ADMIN_SOURCES.some((pattern) => pattern.test(id)))
        .map(({ id }) => `${file}: ${path.relative(webRoot, id)}`),
    )

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
    return { total, homeTotal, chunks: initialRows, homeChunks: homeRows, failures }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

const { values } = parseArgs({
  options: { report: { type: 'string' }, modules: { type: 'string', default: '0' } },
})
let result
try {
  result = await checkSize({ modules: Number(values.modules) })
} catch (error) {
  result = { failures: [`the size check could not run: ${error.stack ?? error}`] }
}
for (const failure of result.failures) console.error(`✗ ${failure}`)
if (!result.failures.length) console.log('✓ storefront initial JS within budget, no admin code')
if (values.report) {
  // The count scripts/test.mjs reads: the check is one test.
  const failed = result.failures.length ? 1 : 0
  writeFileSync(values.report, JSON.stringify({ ...result, passed: 1 - failed, failed }, null, 2))
}
process.exit(result.failures.length ? 1 : 0)
