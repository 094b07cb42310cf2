import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Access } from '../../src/plugins/auth'
import { ACCESS, ADMITS, ruleFor } from './access-table'
import { ACTORS, callAs, callerOf, createWorld, type CollectedRoute, type World } from './world'

let w: World
beforeAll(async () => {
  w = await createWorld()
})
afterAll(() => w?.close())

const isSuccess = (status: number) => status >= 200 && status < 400
const accessOf = (route: CollectedRoute) => route.config?.access as Access | undefined

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

  it('knows who may call every /api route: each declares its access, and the table agrees', () => {
    const api = w.routes.filter((r) => r.url.startsWith('/api'))
    const undeclared = api.filter((r) => !(accessOf(r)! in ADMITS)).map((r) => r.key)
    expect(undeclared, 'declare config.access on these routes').toEqual([])
    for (const route of api) {
      const rule = ruleFor(route.key)!
      const admits = ADMITS[accessOf(route)!]!
      const beyond = rule.allow.filter((actor) => !admits.includes(actor))
      expect(beyond, `${route.key} allows actors its access refuses`).toEqual([])
      if (accessOf(route) !== 'public') expect(rule.expect.guest, route.key).toBe(401)
    }
  })

  /**
   * The guard runs before the body, path and query are read: a protected route called with no
   * body, a broken JSON or multipart body, malformed path ids and no query answers 401 to guests
   * and 403 to those its access refuses, never a 400 that lists the route's fields.
   */
  describe.each(Object.keys(ACCESS).filter((key) => key.split(' ')[1]!.startsWith('/api')))(
    '%s',
    (key) => {
      it('refuses guests and the wrong role before reading the body or path', async () => {
        const route = w.routes.find((r) => r.key === key)!
        const access = accessOf(route)
        if (!access) throw new Error(`${key} declares no config.access`)
        if (access === 'public') return
        const [method, pattern] = key.split(' ') as [string, string]
        const url = pattern.replace(/:\w+/g, 'not-an-id').replace('*', 'x')
        const bodies = [
          {},
          { payload: '{"broken', headers: { 'content-type': 'application/json' } },
          { payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=none' } },
        ]
        const wrong: string[] = []
        for (const actor of ACTORS) {
          const want = actor === 'guest' ? 401 : 403
          if (ADMITS[access].includes(actor)) continue
          for (const body of bodies) {
            const res = await callAs(w, callerOf(w, actor), { method, url, ...body })
            const reply = res.json<{ success?: boolean; message?: unknown }>()
            if (res.statusCode !== want || reply.success !== false) {
              wrong.push(`${actor} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`)
            }
          }
        }
        expect(wrong, `${key} (access ${access})`).toEqual([])
      })
    },
  )

  /**
   * The guard decides from the route that matched, never from how the path was spelled: the
   * router decodes `%61`, and Node takes the absolute form. Every protected route, reached by
   * each other spelling through a real socket (no client tidies the path), answers a guest what
   * its plain spelling answers (401), matches nothing (404) or is refused by the static files
   * (403 for `..` and `//`): never a handler's answer, and never the app's page.
   */
  it('lets no other spelling of a protected path past the guard', async () => {
    const address = await w.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const wrong: string[] = []
    const routes = w.routes.filter((r) => accessOf(r) && accessOf(r) !== 'public')
    expect(routes.length).toBeGreaterThan(60)
    for (const route of routes) {
      const plain = route.url.replace(/:\w+/g, 'not-an-id').replace('*', 'x')
      for (const target of otherSpellings(plain)) {
        const status = await rawStatus(port, route.method, target)
        if (![401, 403, 404].includes(status)) wrong.push(`${route.method} ${target}: ${status}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

/** The same path as a proxy, browser or router might read it, spelled otherwise. */
function otherSpellings(plain: string): string[] {
  const segments = plain.split('/').slice(1)
  const escapeFirst = (segment: string) =>
    segment ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment
  const [first = '', ...rest] = segments
  return [
    `/${escapeFirst(first)}/${rest.join('/')}`,
    `/${segments.map(escapeFirst).join('/')}`,
    `/${segments.join('/').toUpperCase()}`,
    `/${plain}`,
    `/${first}//${rest.join('/')}`,
    `${plain}/`,
    `${plain};x=1`,
    `/${first};x=1/${rest.join('/')}`,
    `/${first}/./${rest.join('/')}`,
    `/x/..${plain}`,
    `/${first}/%2e/${rest.join('/')}`,
    `http://localhost${plain}`,
    `http://localhost/${escapeFirst(first)}/${rest.join('/')}`,
  ]
}

/** The status line's code for one request sent byte for byte, the target as given. */
function rawStatus(port: string, method: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    let head = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      head += chunk
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head)
      if (match) {
        socket.destroy()
        resolve(Number(match[1]))
      }
    })
    socket.on('error', reject)
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
  })
}
