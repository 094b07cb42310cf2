import fc from 'fast-check'
import { z } from 'zod'
import { afterAll, describe, expect, it } from 'vitest'
import { ruleFor } from './access-table'
import {
  bodyText,
  jsonSchemaOf,
  matching,
  mutateObject,
  MUTATIONS,
  paramSegments,
  queryText,
  SELF_ADDRESS,
  SELF_USER,
  text,
  type Hints,
  type JsonSchema,
  type Mutation,
} from './inputs'
import {
  ADDRESS,
  callAs,
  callerOf,
  createWorld,
  IMAGE_URL,
  type Actor,
  type Caller,
  type CollectedRoute,
} from './world'

/**
 * Bad-input fuzzing: every route with a zod body, query, params or headers schema gets
 * FUZZ_RUNS cases (matching inputs and inputs outside them), sent as an actor the access table
 * allows, so validation and the service behind it both run. Every answer must be a JSON 4xx
 * `{ success: false, message, errors? }` or a sound 2xx (a redirect where the route redirects),
 * never a 5xx or a stack trace; afterwards the storefront must still render. `npm test` runs a
 * 40-case sample (about half a minute); `npm run fuzz` runs 2000 (issue 27.5).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
const SEED = Number(process.env.FUZZ_SEED ?? 20260701)
process.stdout.write(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} cases per route (FUZZ_RUNS)\n`)

const w = await createWorld()
afterAll(() => w.close())

const PARTS = ['params', 'querystring', 'body', 'headers'] as const
type Part = (typeof PARTS)[number]
const jsonSchemas = new Map<string, JsonSchema | undefined>()
/** The JSON Schema of a route's zod schema for `part`, if it has one (converted once). */
const zodPart = (route: CollectedRoute, part: Part) => {
  const key = `${route.key} ${part}`
  if (!jsonSchemas.has(key)) {
    const schema = route.schema?.[part]
    jsonSchemas.set(key, schema instanceof z.ZodType ? jsonSchemaOf(schema) : undefined)
  }
  return jsonSchemas.get(key)
}
// HEAD routes share their GET's schema and handler: fuzzing the GET covers them.
const ROUTES = w.routes.filter((r) => r.method !== 'HEAD' && PARTS.some((part) => zodPart(r, part)))

const ids = [
  w.productS1.id,
  w.orderA.orderId,
  w.orderA.subOrderId,
  w.cashfreeA.orderId,
  w.banner.id,
  w.addressA.id,
  ...Object.values(w.users).map((u) => u.id),
]
const knownId = fc.oneof(fc.constantFrom(...ids), fc.uuid())
const HINTS: Hints = {
  userId: fc.oneof({ weight: 4, arbitrary: fc.constant(SELF_USER) }, knownId),
  addressId: fc.oneof({ weight: 3, arbitrary: fc.constant(SELF_ADDRESS) }, knownId),
  id: knownId,
  _id: knownId,
  productId: knownId,
  orderId: knownId,
  email: fc.oneof(fc.constant(w.login.email), fc.emailAddress()),
  password: fc.constantFrom('Secret123', w.login.password),
  mobile: fc.constantFrom('9876543210', '+91 98450 12345'),
  phone: fc.constantFrom('9876543210', '09845012345'),
  pincode: fc.constantFrom('560001', '110001', '700016'),
  gstNumber: fc.constant('27AAPFU0939F1ZV'),
  image: fc.constant(IMAGE_URL),
  category: fc.constantFrom('electronics', 'electronics,accessories'),
  brand: fc.constantFrom('samsung', 'apple,samsung'),
  payment_session_id: fc.constantFrom(w.cashfreeA.sessionId, w.payuA.sessionId),
  provider: fc.constantFrom('cashfree', 'payu', 'gatepay', 'phonepay'),
  keyword: fc.constantFrom('galaxy', 'test product', 'samsng'),
  contentType: fc.constantFrom('image/png', 'image/webp'),
  ...Object.fromEntries(Object.entries(ADDRESS).map(([k, v]) => [k, fc.constant(v)])),
}

type Generated = Partial<Record<Part, unknown>>
interface Case {
  /** Start from the access table's working request (fresh objects included) or a generated one. */
  fromExample: boolean
  /** The part the mutation goes to ('none': the matching input as it is). */
  target: Part | 'none'
  mutations: Partial<Record<Part, Mutation>>
  generated: Generated
  ip: string
  who: number
}

function caseArb(route: CollectedRoute): fc.Arbitrary<Case> {
  const parts = PARTS.filter((part) => zodPart(route, part))
  const schemaOf = (part: Part) => zodPart(route, part)!
  return fc.record({
    fromExample: ruleFor(route.key) ? fc.boolean() : fc.constant(false),
    target: fc.constantFrom<Part | 'none'>('none', 'none', ...parts),
    mutations: fc.record(Object.fromEntries(parts.map((p) => [p, MUTATIONS[p]]))),
    generated: fc.record(Object.fromEntries(parts.map((p) => [p, matching(schemaOf(p), HINTS)]))),
    ip: fc.ipV4(),
    who: fc.nat(),
  })
}

const asRecord = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** The values of `pattern`'s `:params` in `path`. */
function paramsIn(pattern: string, path: string): Record<string, string> {
  const values = path.split('/')
  return Object.fromEntries(
    pattern
      .split('/')
      .flatMap((n, i) => (n.startsWith(':') ? [[n.slice(1), decodeURIComponent(values[i]!)]] : [])),
  )
}

/** The request a case makes: its base input with the mutation applied to the target part. */
async function requestOf(route: CollectedRoute, c: Case, caller: Caller) {
  let input: Generated = c.generated
  let verbatim: { payload: unknown; headers: Record<string, string> } | undefined
  const example = c.fromExample ? await ruleFor(route.key)!.request(w, caller) : undefined
  if (example) {
    const url = new URL(example.url, 'http://x')
    input = {
      params: paramsIn(route.url, url.pathname),
      querystring: Object.fromEntries(url.searchParams),
      body: example.payload,
      headers: {},
    }
    // A multipart body of a route without a body schema (uploads) goes as it was.
    if (!zodPart(route, 'body') && example.payload !== undefined) {
      verbatim = { payload: example.payload, headers: example.headers ?? {} }
    }
  }
  const m = (part: Part) => (c.target === part ? c.mutations[part] : undefined)
  const segments = paramSegments(asRecord(input.params), m('params'))
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? 'x')
  const query = zodPart(route, 'querystring')
    ? queryText(asRecord(input.querystring), m('querystring'))
    : ''
  const body = zodPart(route, 'body') ? bodyText(input.body, m('body')) : undefined
  const headerMutation = m('headers')
  const headers = asRecord(input.headers)
  return {
    url: query ? `${path}?${query}` : path,
    payload: body?.payload ?? verbatim?.payload,
    headers: {
      ...Object.fromEntries(
        Object.entries(headerMutation ? mutateObject(headers, headerMutation) : headers).map(
          ([k, v]) => [k, text(v)],
        ),
      ),
      ...verbatim?.headers,
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    fromExample: Boolean(example),
  }
}

/** Who sends a route's cases: the actors the access table allows (a guest where nobody is). */
async function callersOf(route: CollectedRoute) {
  const rule = ruleFor(route.key)
  const allowed: Actor[] = rule?.allow.length ? [...rule.allow] : ['guest']
  const callers = allowed.map((actor): Caller & { addressId?: string } => ({
    actor,
    user: actor === 'guest' ? undefined : w.users[actor],
    addressId: actor === 'shopperA' ? w.addressA.id : undefined,
  }))
  // A per-user rate limit would answer 429 before validation for most cases: spread them over
  // as many users like the allowed ones as the limit needs.
  const limit = route.config?.rateLimit as { max?: number; keyGenerator?: unknown } | undefined
  if (limit?.keyGenerator && limit.max && RUNS > limit.max / 2) {
    const extra = Math.ceil(RUNS / (limit.max / 2))
    for (let i = 0; i < extra; i++) {
      const actor = allowed[i % allowed.length]!
      if (actor === 'guest') continue
      const clone = await w.clone(actor)
      callers.push({ actor, user: clone.user, addressId: clone.address?.id })
    }
  }
  return callers
}

const STACK_TRACE = [
  /\n\s+at .+:\d+:\d+/,
  /\bat [\w.<>]+ \(.+:\d+:\d+\)/,
  /(?:\/[\w.-]+)+\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules/,
  /\b(?:Type|Reference|Syntax|Range|Internal)?Error: /,
]

/** What is wrong with one answer, or nothing. */
function problemsOf(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  redirects: boolean,
): string[] {
  const problems: string[] = []
  const { statusCode: status, body } = res
  if (status >= 500) problems.push(`answered ${status}`)
  for (const trace of STACK_TRACE) if (trace.test(body)) problems.push(`body matches ${trace}`)
  const type = String(res.headers['content-type'] ?? '')
  if (status >= 300 && status < 400 && !(redirects && res.headers.location)) {
    problems.push(`unexpected redirect ${status}`)
  }
  if (status >= 400 && status < 500) {
    try {
      const parsed = errorShape.safeParse(JSON.parse(body))
      if (!parsed.success)
        problems.push(`4xx body is not { success: false, message }: ${parsed.error.message}`)
    } catch {
      problems.push('4xx body is not JSON')
    }
  }
  if (status >= 200 && status < 300 && type.includes('application/json')) {
    try {
      if ((JSON.parse(body) as { success?: unknown }).success === false)
        problems.push('2xx says success: false')
    } catch {
      problems.push('2xx JSON body does not parse')
    }
  }
  if (
    status >= 200 &&
    status < 300 &&
    type.includes('application/pdf') &&
    !body.startsWith('%PDF')
  ) {
    problems.push('2xx PDF is not a PDF')
  }
  return problems
}
const errorShape = z.strictObject({
  success: z.literal(false),
  message: z.string().min(1),
  errors: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
})

const short = (v: string) => (v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v)
const seedOf = (key: string) => [...key].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, SEED)
const tally: Record<string, Record<string, number>> = {}

describe('fuzzing every route with a request schema', () => {
  it('fuzzes each route with a zod schema as an actor the access table allows', () => {
    expect(ROUTES.length).toBeGreaterThan(40)
    expect(ROUTES.filter((route) => !ruleFor(route.key)).map((route) => route.key)).toEqual([])
  })

  describe.each(ROUTES.map((r) => [r.key, r] as const))('%s', (key, route) => {
    it(
      `answers ${RUNS} generated inputs with a JSON 4xx or a sound 2xx, never a 5xx or a trace`,
      async () => {
        // Earlier routes' cases may have deleted or rejected what this route's examples use.
        await w.restore()
        const callers = await callersOf(route)
        const redirects = Object.values(ruleFor(key)?.expect ?? {}).some((s) => s >= 300 && s < 400)
        const counts: Record<string, number> = (tally[key] = {})
        await fc.assert(
          fc.asyncProperty(caseArb(route), async (c) => {
            const caller = callers[c.who % callers.length]!
            const request = await requestOf(route, c, caller)
            const userId = caller.user?.id ?? w.users.shopperA.id
            const addressId = caller.addressId ?? w.addressA.id
            // Generated inputs name the caller's ids through stand-ins; an example names A's.
            const self = (value: string) =>
              (request.fromExample
                ? value.replaceAll(w.users.shopperA.id, userId).replaceAll(w.addressA.id, addressId)
                : value
              )
                .replaceAll(SELF_USER, userId)
                .replaceAll(SELF_ADDRESS, addressId)
            const url = self(request.url)
            const payload =
              typeof request.payload === 'string' ? self(request.payload) : request.payload
            const started = performance.now()
            // One session per caller; a call that ended it (a password change) starts another.
            caller.cookie ??= await w.cookie(caller.actor, caller.user)
            const res = await callAs(w, caller, {
              method: route.method,
              url,
              payload: payload as string | Buffer | undefined,
              headers: request.headers,
              remoteAddress: c.ip,
            })
            counts.ms = Math.round((counts.ms ?? 0) + performance.now() - started)
            if (res.statusCode === 401) caller.cookie = undefined
            const bucket = `${Math.floor(res.statusCode / 100)}xx`
            counts[bucket] = (counts[bucket] ?? 0) + 1
            const problems = problemsOf(res, redirects)
            if (problems.length > 0) {
              throw new Error(
                `${route.method} ${short(url)} as ${caller.actor} body ${short(typeof payload === 'string' ? payload : '')}: ${problems.join('; ')}; answer ${res.statusCode} ${short(res.body)}`,
              )
            }
          }),
          {
            numRuns: RUNS,
            seed: seedOf(key),
            reporter: (out) => {
              if (!out.failed) return
              throw new Error(
                `${key}: failed after ${out.numRuns} cases (seed ${out.seed}, path ${out.counterexamplePath}): ${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`,
              )
            },
          },
        )
      },
      60_000 + RUNS * 300,
    )
  })

  it('leaves a storefront that still renders', async () => {
    process.stdout.write(
      `fuzz answers by route (ms: time in the app):\n${Object.entries(tally)
        .map(([key, counts]) => `  ${key}: ${JSON.stringify(counts)}\n`)
        .join('')}`,
    )
    const get = async (url: string, actor: Actor = 'guest') => {
      const res = await callAs(w, callerOf(w, actor), { method: 'GET', url })
      expect(res.statusCode, `${url}: ${short(res.body)}`).toBe(200)
      return res.json() as { data: { _id: string }[] | unknown }
    }
    for (const sort of ['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa']) {
      const page = await get(`/api/shop/products/get?sortBy=${sort}&limit=100`)
      const products = page.data as { _id: string }[]
      expect(products.length).toBeGreaterThan(0)
      for (const product of products.slice(0, 30)) {
        await get(`/api/shop/products/get/${product._id}`)
        await get(`/api/shop/review/${product._id}`)
      }
    }
    for (const keyword of ['test', 'galaxy', 'samsung']) await get(`/api/shop/search/${keyword}`)
    await get('/api/common/feature/get')
    await get('/api/shop/filter/fetch')
    // The back office reads what the fuzzing stored too.
    await get('/api/admin/products/get', 'admin')
    await get('/api/admin/orders/get', 'admin')
    await get('/api/admin/vendors', 'admin')
    await get('/api/admin/dashboard', 'admin')
    await get('/api/admin/shipments?late=true', 'admin')
    await get('/api/admin/orders/getVendor', 'seller1')
    await get(`/api/shop/cart/get/${w.users.shopperA.id}`, 'shopperA')
    await get(`/api/shop/address/get/${w.users.shopperA.id}`, 'shopperA')
    await get(`/api/shop/order/list/${w.users.shopperA.id}`, 'shopperA')
  })
})
