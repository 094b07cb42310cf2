// `npm test`: every suite, in order, even when one fails; then one closing count.
//   shared unit tests, API on PGlite, API on PostgreSQL (when TEST_DATABASE_URL is set),
//   web component tests, the web bundle's size budget, Playwright e2e against a started shop.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const reports = path.join(root, '.data/test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const vitest = (name, workspace, env = {}) => ({
  name,
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
  cwd: path.join(root, workspace),
  env,
  count: (r) => ({
    passed: r.numPassedTests,
    failed:
      r.numFailedTests + (r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
  }),
})

const suites = [
  vitest('shared', 'packages/shared'),
  vitest('api-pglite', 'apps/api', { TEST_DATABASE_URL: '' }),
  ...(process.env.TEST_DATABASE_URL ? [vitest('api-postgres', 'apps/api')] : []),
  vitest('web', 'apps/web'),
  {
    // The storefront's page budget and no admin code in its first chunks (issues 7 and 14): the
    // build's entry chunk, and a first visit of / in Chromium against a started shop; two checks.
    name: 'web-size',
    cmd: 'node',
    args: ['scripts/check-web-size.mjs', `--report=${path.join(reports, 'web-size.json')}`],
    cwd: root,
    env: {},
    count: (r) => ({ passed: r.passed, failed: r.failed, skipped: 0 }),
  },
  {
    name: 'e2e',
    cmd: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    count: (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected + (r.errors?.length ?? 0),
      skipped: r.stats.skipped,
    }),
  },
]
// Two API processes on one PostgreSQL and one Redis behind nginx running deploy/nginx's config:
// the e2e suite's shape with its own config and ports, where both servers are given.
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  suites.push({
    ...suites.find((suite) => suite.name === 'e2e'),
    name: 'e2e-scaleout',
    args: ['playwright', 'test', '--config=playwright.scaleout.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e-scaleout.json') },
  })
}

const only = process.argv.slice(2)
const totals = { passed: 0, failed: 0, skipped: 0 }
const lines = []
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue
  console.log(`\n▶ ${suite.name}`)
  const started = Date.now()
  const run = spawnSync(suite.cmd, suite.args, {
    cwd: suite.cwd,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  })
  let counts
  try {
    counts = suite.count(JSON.parse(readFileSync(path.join(reports, `${suite.name}.json`), 'utf8')))
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 } // the suite did not even report: count it failed
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1
  for (const key of Object.keys(totals)) totals[key] += counts[key]
  // Each suite's wall time, so a slow CI run says where its minutes went (keep under 45).
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  lines.push(
    `  ${suite.name.padEnd(13)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${minutes} min`,
  )
}

console.log(`\nTest summary\n${lines.join('\n')}`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
