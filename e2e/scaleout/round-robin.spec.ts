import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/** One line of nginx's access log, in the shipped format (deploy/nginx/default.conf.template). */
interface Served {
  /** `$upstream_addr`: the process that answered; empty when nginx answered itself. */
  upstream: string
  upstreamStatus: string
  status: number
  method: string
  uri: string
  referer: string
}

/** nginx's access log as written. */
function accessLogText(): string {
  const dir = process.env.SCALEOUT_NGINX_DIR
  if (!dir) throw new Error('SCALEOUT_NGINX_DIR is unset (playwright.scaleout.config.ts sets it)')
  return readFileSync(path.join(dir, 'access.log'), 'utf8')
}

/** Every request nginx finished so far, oldest first. */
function accessLog(): Served[] {
  return accessLogText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Served)
}

/** The two API processes, as nginx names them in `$upstream_addr`. */
const processes = (process.env.SCALEOUT_UPSTREAM_PORTS ?? '')
  .split(',')
  .map((port) => `127.0.0.1:${port}`)

// Runs after the shopper journey (a project dependency), so these lines are the journey's.
test('the journey was served by both API processes in turn', () => {
  expect(processes).toHaveLength(2)
  const proxied = accessLog().filter((line) => line.upstream !== '' && line.upstream !== '-')
  // One process per request: a retry on the other one would read "a, b" here.
  expect(proxied.filter((line) => !processes.includes(line.upstream))).toEqual([])
  expect(proxied.filter((line) => line.status === 502 || line.status === 504)).toEqual([])
  const [first, second] = processes.map(
    (name) => proxied.filter((line) => line.upstream === name).length,
  )
  // Pages, scripts, images and API calls: dozens of requests, dealt out one by one.
  expect(first).toBeGreaterThan(20)
  expect(Math.abs(first! - second!)).toBeLessThanOrEqual(1)
})

test('consecutive requests go to the other process each time', async ({ request }) => {
  const served: string[] = []
  for (let i = 0; i < 6; i++) {
    const before = accessLog().length
    expect((await request.get('/api/ready')).status()).toBe(200)
    // nginx writes the line as it finishes the request, which can be just after the answer.
    await expect.poll(() => accessLog().length).toBe(before + 1)
    const line = accessLog()[before]!
    expect(line.uri).toBe('/api/ready')
    served.push(line.upstream)
  }
  expect(new Set(served)).toEqual(new Set(processes))
  for (let i = 1; i < served.length; i++) expect(served[i]).not.toBe(served[i - 1])
})

test('the access log keeps no query string: reset tokens and webhook keys stay out', async ({
  request,
}) => {
  const before = accessLog().length
  const answer = await request.get('/api/ready?token=reset-secret-4711', {
    headers: { referer: 'https://shop.example/reset-password?token=referer-secret-4712' },
  })
  expect(answer.status()).toBe(200)
  await expect.poll(() => accessLog().length).toBe(before + 1)
  const line = accessLog()[before]!
  expect(line).toMatchObject({ uri: '/api/ready', referer: 'https://shop.example/reset-password' })
  expect(accessLogText()).not.toMatch(/secret-471/)
})
