/**
 * `npm run bench` (last), or alone `npm run bench:relevance`: how right the search is (issue
 * 33.2). The demo catalog is seeded into a fresh embedded database, each query of the relevance
 * set (src/modules/search/relevance-set.ts, judged from what a shopper means) is searched as
 * the storefront asks, and the table gives each query's precision@5 and first five titles, then
 * the mean. BENCH_ONLY without "relevance" skips it when run from `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../src/app'
import { benchConfig } from './config'
import { openDatabase } from '../src/db/client'
import { seedDemo } from '../src/db/seed'
import { measureRelevance, RELEVANCE_FLOOR } from '../src/modules/search/relevance-set'
import { runBenchStep } from './load'

type Listed = { data: { title: string; family?: { title: string } }[] }
const titlesOf = (body: Listed) => body.data.map((p) => p.family?.title ?? p.title)

export async function runRelevanceBench(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tb-bench-relevance-'))
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })
  try {
    await database.migrate()
    const config = benchConfig(dataDir, { quiet: true })
    await seedDemo(database.db, {
      uploadsDir: path.join(dataDir, 'uploads'),
      log: () => {},
      marketplace: config.marketplace,
      settlement: config.settlement,
    })
    const app = await buildApp(
      { config, db: database.db, dbKind: database.kind },
      { logger: false },
    )
    try {
      const get = async (url: string) => {
        const res = await app.inject({ url })
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
        return titlesOf(res.json() as Listed)
      }
      const catalog = await get('/api/shop/products/get?limit=100')
      const result = await measureRelevance(
        (query) => get(`/api/shop/search/${encodeURIComponent(query)}`),
        catalog,
      )
      const rows = result.scores.map(
        (score) =>
          `| ${score.query} | ${score.precisionAt5.toFixed(2)} | ${
            score.firstRight === null ? '' : score.firstRight ? 'yes' : 'NO'
          } | ${score.top5.join('; ').replaceAll('|', '/')} |`,
      )
      const verdict = result.meanPrecisionAt5 >= RELEVANCE_FLOOR ? 'at or above' : 'BELOW'
      return [
        `Search relevance: ${result.queries} queries on the demo catalog (${catalog.length} products and families)`,
        '',
        '| query | precision@5 | right one first | first five |',
        '| --- | --- | --- | --- |',
        ...rows,
        '',
        `Mean precision@5 ${result.meanPrecisionAt5.toFixed(3)} (${verdict} the floor ${RELEVANCE_FLOOR}); the right product first in ${result.firstRight} of ${result.firstAsked} queries that name one.`,
      ].join('\n')
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

runBenchStep(import.meta, 'relevance', runRelevanceBench)
