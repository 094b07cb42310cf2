// The shop scaled out, for playwright.scaleout.config.ts: two API processes on one PostgreSQL
// and one Redis behind a round-robin proxy, sharing one data directory as they would share a
// volume. Needs TEST_DATABASE_URL and TEST_REDIS_URL. Process 1 migrates and seeds a scratch
// database; once it is ready, process 2 starts (and finds both done); then the proxy listens on
// the port the tests use. On SIGTERM everything stops, the proxy's per-upstream counts are
// printed and the scratch database is dropped.
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { startMailCatcher } from './mail-catcher.mjs'
import { startRoundRobinProxy } from './round-robin-proxy.mjs'
import { root, startShop, waitUntilReady } from './shop-process.mjs'

const serverUrl = process.env.TEST_DATABASE_URL
const redisServerUrl = process.env.TEST_REDIS_URL
if (!serverUrl || !redisServerUrl) {
  console.error('start-scaleout: set TEST_DATABASE_URL and TEST_REDIS_URL')
  process.exit(1)
}
const proxyPort = Number(process.env.SCALEOUT_PROXY_PORT ?? 3196)
const upstreamPorts = (process.env.SCALEOUT_UPSTREAM_PORTS ?? '3194,3195').split(',').map(Number)
const dataDir = path.resolve(root, process.env.SCALEOUT_DATA_DIR ?? '.data/e2e-scaleout')
const proxyUrl = `http://localhost:${proxyPort}`

// A fixed name (the ports are fixed too, so two runs never overlap): a run that was killed
// leaves its database behind, and the next run drops it before starting.
const DATABASE = 'tb_e2e_scaleout'
const databaseUrl = new URL(serverUrl)
databaseUrl.pathname = `/${DATABASE}`
async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

// Rate-limit and sign-in counters go to a logical Redis database of this run's own, emptied
// first, so other suites' counters (or an earlier run's) cannot throttle this one.
const redisUrl = new URL(redisServerUrl)
redisUrl.pathname = `/${process.env.SCALEOUT_REDIS_DB ?? '9'}`
const redis = new Redis(redisUrl.toString())
await redis.flushdb()
await redis.quit()

rmSync(dataDir, { recursive: true, force: true })
await onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
await onServer(`CREATE DATABASE ${DATABASE}`)
const catcher = await startMailCatcher()

const children = []
let proxy
let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null)
  for (const child of running) child.kill('SIGTERM')
  await Promise.all(running.map((child) => once(child, 'exit')))
  if (proxy) {
    const counts = proxy.stats().upstreams.map((u) => `${u.upstream} ${u.requests}`)
    console.warn(`round-robin proxy: requests per upstream: ${counts.join(', ')}`)
    await proxy.close()
  }
  await catcher.close()
  await onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch((err) =>
    console.error(`start-scaleout: could not drop ${DATABASE}: ${err.message}`),
  )
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0))

try {
  for (const [index, port] of upstreamPorts.entries()) {
    const child = startShop({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: proxyUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl.toString(),
      SMTP_URL: catcher.smtpUrl,
      // The proxy is the only client; it names the browser in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
    })
    children.push(child)
    child.on('exit', (exitCode) => {
      if (stopping) return
      console.error(`start-scaleout: API process ${index + 1} exited (${exitCode})`)
      void stop(1)
    })
    await waitUntilReady(`http://127.0.0.1:${port}/api/ready`, child)
  }
  proxy = await startRoundRobinProxy({
    port: proxyPort,
    upstreams: upstreamPorts.map((port) => `http://127.0.0.1:${port}`),
  })
  console.warn(`Scale-out shop: ${proxyUrl} → ${upstreamPorts.join(', ')}`)
} catch (err) {
  console.error(`start-scaleout: ${err instanceof Error ? err.message : String(err)}`)
  await stop(1)
}
