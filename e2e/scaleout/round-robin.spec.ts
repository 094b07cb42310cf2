import { expect, test, type APIRequestContext } from '@playwright/test'

interface ProxyStats {
  upstreams: { upstream: string; requests: number; failures: number }[]
}

/** The proxy's own counts (start-scaleout.mjs); this request is not forwarded or counted. */
async function stats(request: APIRequestContext): Promise<ProxyStats> {
  const res = await request.get('/__proxy/stats')
  expect(res.ok()).toBe(true)
  return (await res.json()) as ProxyStats
}

// Runs after the shopper journey (a project dependency), so these counts are the journey's.
test('the journey was served by both API processes in turn', async ({ request }) => {
  const { upstreams } = await stats(request)
  expect(upstreams).toHaveLength(2)
  const [first, second] = upstreams.map((u) => u.requests)
  // Pages, scripts, images and API calls: dozens of requests, dealt out one by one.
  expect(first).toBeGreaterThan(20)
  expect(Math.abs(first! - second!)).toBeLessThanOrEqual(1)
  expect(upstreams.map((u) => u.failures)).toEqual([0, 0])
})

test('consecutive requests go to the other upstream each time', async ({ request }) => {
  let previous = await stats(request)
  const served: string[] = []
  for (let i = 0; i < 6; i++) {
    expect((await request.get('/api/ready')).status()).toBe(200)
    const current = await stats(request)
    const grew = current.upstreams.filter(
      (u, n) => u.requests > (previous.upstreams[n]?.requests ?? 0),
    )
    expect(grew).toHaveLength(1)
    served.push(grew[0]!.upstream)
    previous = current
  }
  expect(new Set(served).size).toBe(2)
  for (let i = 1; i < served.length; i++) expect(served[i]).not.toBe(served[i - 1])
})
