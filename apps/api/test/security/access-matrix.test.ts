import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS, ruleFor } from './access-table'
import { ACTORS, callAs, callerOf, createWorld, type World } from './world'

let w: World
beforeAll(async () => {
  w = await createWorld()
})
afterAll(() => w?.close())

const isSuccess = (status: number) => status >= 200 && status < 400

describe('access matrix (test/security/access-table.ts)', () => {
  it('has a rule for every registered route and none for routes that are gone', () => {
    const registered = new Set(w.routes.map((r) => r.key))
    expect(registered.size).toBeGreaterThan(90)
    const missing = [...registered].filter((key) => !ruleFor(key)).sort()
    expect(missing, 'add these routes to test/security/access-table.ts').toEqual([])
    const stale = Object.keys(ACCESS).filter((key) => !registered.has(key))
    expect(stale, 'these rules name routes that are not registered').toEqual([])
  })

  it('gives every actor one expected answer: success for the allowed, a refusal for the rest', () => {
    for (const [key, rule] of Object.entries(ACCESS)) {
      expect(Object.keys(rule.expect).sort(), key).toEqual([...ACTORS].sort())
      for (const actor of ACTORS) {
        const status = rule.expect[actor]
        if (rule.allow.includes(actor)) {
          expect(isSuccess(status) || Boolean(rule.because), `${key} ${actor}`).toBe(true)
        } else expect([400, 401, 403, 404], `${key} ${actor}`).toContain(status)
      }
      if (new Set(Object.values(rule.expect)).size === 1) {
        expect(rule.because, `${key} answers everyone alike: say why`).toBeTruthy()
      }
    }
  })

  // One test per route; the HEAD route Fastify adds for a GET must answer like the GET.
  describe.each(Object.keys(ACCESS))('%s', (key) => {
    it('answers each actor as the table says', async () => {
      const rule = ACCESS[key]!
      const [method, url] = key.split(' ') as [string, string]
      const methods = [method]
      if (method === 'GET' && w.routes.some((r) => r.key === `HEAD ${url}`)) methods.push('HEAD')
      const wrong: string[] = []
      for (const m of methods) {
        for (const actor of ACTORS) {
          const caller = callerOf(w, actor)
          const request = await rule.request(w, caller)
          const res = await callAs(w, caller, { method: m, ...request })
          const want = rule.expect[actor]
          if (res.statusCode === want) {
            if (!isSuccess(want) && request.url.startsWith('/api/') && m !== 'HEAD') {
              expect(res.json(), `${m} ${request.url} as ${actor}`).toMatchObject({
                success: false,
                message: expect.any(String),
              })
            }
            continue
          }
          const label =
            isSuccess(res.statusCode) && !rule.allow.includes(actor) ? 'UNEXPECTED SUCCESS' : 'got'
          wrong.push(
            `${m} ${request.url} as ${actor}: ${label} ${res.statusCode}, want ${want}: ${res.body.slice(0, 160)}`,
          )
        }
      }
      expect(wrong).toEqual([])
    })
  })
})
