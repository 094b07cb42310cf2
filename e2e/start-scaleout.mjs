// The shop scaled out, for playwright.scaleout.config.ts: two API processes on one PostgreSQL
// and one Redis behind nginx running the shipped configuration (deploy/nginx, as compose's proxy
// does; e2e/nginx-proxy.mjs), sharing one data directory as they would share a volume. Needs
// TEST_DATABASE_URL, TEST_REDIS_URL and Debian's nginx. Process 1 migrates and seeds a scratch
// database; once it is ready, process 2 starts (and finds both done); then nginx listens on the
// port the tests use. On SIGTERM everything stops, nginx's requests per upstream are printed
// and the scratch database is dropped.
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { startMailCatcher } from './mail-catcher.mjs'
import { startNginx } from './nginx-proxy.mjs'
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
// nginx's directory: config, pid, temp files and the access log the round-robin spec reads.
const nginxDir = path.resolve(
  process.env.SCALEOUT_NGINX_DIR ??
    path.join(os.tmpdir(), `techbazaar-scaleout-nginx-${proxyPort}`),
)

// A name per proxy port (two runs on the same ports cannot overlap anyway, and runs on other
// ports never drop this one): a run that was killed leaves its database behind, and the next
// run on the port drops it before starting.
const DATABASE = `tb_e2e_scaleout_${proxyPort}`
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
  await Promise.all([...running.map((child) => once(child, 'exit')), proxy?.stop()])
  if (proxy) {
    const counts = Object.entries(proxy.counts()).map(([upstream, n]) => `${upstream} ${n}`)
    console.warn(`nginx: requests per upstream: ${counts.join(', ')}`)
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
      // nginx is the only client; it names the browser in X-Forwarded-For.
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
  proxy = await startNginx({
    dir: nginxDir,
    port: proxyPort,
    upstreams: upstreamPorts.map((port) => `127.0.0.1:${port}`),
  })
  proxy.child.on('exit', (exitCode, signal) => {
    if (stopping) return
    console.error(`start-scaleout: nginx exited (${exitCode ?? signal})`)
    void stop(1)
  })
  console.warn(`Scale-out shop: ${proxyUrl} (nginx, ${nginxDir}) → ${upstreamPorts.join(', ')}`)
} catch (err) {
  console.error(`start-scaleout: ${err instanceof Error ? err.message : String(err)}`)
  await stop(1)
}
