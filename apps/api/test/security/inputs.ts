import fc from 'fast-check'
import { z } from 'zod'

/**
 * fast-check inputs for a route's zod schemas: values that match a schema (read through zod's
 * JSON Schema of the input side) and values around and outside it. There is no zod bridge for
 * fast-check, and the routes only need the JSON-shaped subset, so this stays small.
 */

/** The JSON Schema subset zod emits for the shop's request schemas. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

/** Stand-ins the request builder swaps for the calling user's own ids (see `fuzz.test.ts`). */
export const SELF_USER = 'SELFUSERID0'
export const SELF_ADDRESS = 'SELFADDRESSID0'

export function jsonSchemaOf(schema: unknown): JsonSchema {
  // Transforms and preprocessors have no JSON Schema: `any` stands for their input.
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** Realistic values for fields whose rules the JSON Schema cannot say (mobiles, GSTINs, ...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>

/** Values that match `schema`; `name` is the property it sits in (for hints). */
export function matching(schema: JsonSchema, hints: Hints, name?: string): fc.Arbitrary<unknown> {
  const derived = fromSchema(schema, hints)
  const hint = name ? hints[name] : undefined
  return hint
    ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: derived })
    : derived
}

function fromSchema(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const union = s.anyOf ?? s.oneOf
  if (union) return fc.oneof(...union.map((u) => matching(u, hints)))
  if (s.allOf?.[0]) return matching(s.allOf[0], hints)
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case 'object': {
      const props = s.properties ?? {}
      const model = Object.fromEntries(
        Object.entries(props).map(([key, sub]) => [key, matching(sub, hints, key)]),
      )
      return fc.record(model, { requiredKeys: s.required ?? [] })
    }
    case 'array':
      return fc.array(matching(s.items ?? {}, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      })
    case 'string':
      return stringFor(s)
    case 'integer':
      return fc.integer({
        min: Math.ceil(s.minimum ?? s.exclusiveMinimum ?? -1_000_000),
        max: Math.floor(s.maximum ?? s.exclusiveMaximum ?? 1_000_000),
      })
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1_000_000
      const max = s.maximum ?? s.exclusiveMaximum ?? 10_000_000
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid()
  if (s.format === 'email') return fc.emailAddress()
  const minLength = s.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 80))
  if (s.pattern) {
    const pattern = new RegExp(s.pattern)
    return fc
      .stringMatching(pattern)
      .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity))
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  )
}

const HUGE = 'a'.repeat(100_000)
/** Strings that have broken real servers: size, encodings, injections, look-alikes of other types. */
const NASTY_STRINGS = [
  HUGE,
  `${'😀'.repeat(30)}`,
  '😀'.repeat(20_000),
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'नमस्ते दुनिया',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  "' OR 1=1--",
  "'; DROP TABLE users;--",
  '"; DROP TABLE products; --',
  "1' UNION SELECT password_hash FROM users--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '${7*7}',
  '\r\nX-Injected: 1',
  '   ',
  '',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '١٢٣',
  '\uFEFF',
  '\u200B',
]
/** Numbers at and past the edges (JSON turns NaN and ±Infinity into null). */
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.005,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
]

/** Any value that does not belong where it is put: other types, edges, injections, nesting. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS) },
  fc.constantFrom<unknown>(true, false, null, [], {}, [1, 'a'], { $gt: '' }, { $ne: null }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 4 }),
)

/** A path segment, query value or body member written the way a client sends it. */
export const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** `encodeURIComponent` that also carries lone surrogates (as the invalid UTF-8 a client may send). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    let out = ''
    for (const ch of value) {
      try {
        out += encodeURIComponent(ch)
      } catch {
        out += '%ED%A0%80'
      }
    }
    return out
  }
}

/** One change that takes a matching input somewhere else; `pick` chooses the member. */
export type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'deep'; pick: number; depth: number; arrays: boolean }
  | { kind: 'whole'; value: unknown }
  | { kind: 'repeat' }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'segment'; pick: number; text: string }

const pick = fc.nat()
const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'zz')
const replace = fc.record({ kind: fc.constant('replace' as const), pick, value: nastyValue })
const drop = fc.record({ kind: fc.constant('drop' as const), pick })
const extra = fc.record({ kind: fc.constant('extra' as const), key: extraKey, value: nastyValue })

/** Bodies that are not JSON (or not the content type the route parses). */
const rawBody = fc.record({
  kind: fc.constant('raw' as const),
  text: fc.constantFrom(
    '{',
    '{"a":',
    'not json',
    "{'single':'quotes'}",
    '{"a":1}}',
    '{"price": NaN}',
    '{"a": Infinity}',
    '[1,2',
    '<xml><a>1</a></xml>',
    '',
    '\u0000',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-7',
  ),
})

/** Path segments that trip routers and decoders, sent as they are (not encoded again). */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '%2e%2e',
  '%2F',
  'a%00b',
  '%20',
  'x'.repeat(5000),
  '%F0%9F%98%80'.repeat(300),
]

export const MUTATIONS = {
  params: fc.oneof(
    replace,
    fc.record({
      kind: fc.constant('segment' as const),
      pick,
      text: fc.constantFrom(...RAW_SEGMENTS),
    }),
  ),
  querystring: fc.oneof(
    { weight: 3, arbitrary: replace },
    drop,
    extra,
    fc.constant({ kind: 'repeat' as const }),
    fc.record({
      kind: fc.constant('raw' as const),
      text: fc.constantFrom(
        '%',
        '%zz',
        'a[b][c]=1',
        '__proto__[isAdmin]=1',
        '&&&==',
        'x'.repeat(20_000),
      ),
      contentType: fc.constant(''),
    }),
  ),
  body: fc.oneof(
    { weight: 4, arbitrary: replace },
    drop,
    extra,
    fc.record({
      kind: fc.constant('deep' as const),
      pick,
      depth: fc.constantFrom(50, 2_000, 20_000),
      arrays: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('whole' as const), value: nastyValue }),
    { weight: 2, arbitrary: rawBody },
  ),
  headers: fc.record({
    kind: fc.constant('replace' as const),
    pick,
    value: fc.oneof(
      fc
        .string({ unit: 'binary-ascii', maxLength: 120 })
        .map((v) => v.replace(/[^\x20-\x7e]/g, '')),
      fc.constantFrom('', 'short', 'k'.repeat(8), 'k'.repeat(101), "' OR 1=1--", '<script>'),
    ),
  }),
} satisfies Record<string, fc.Arbitrary<Mutation>>

const keyAt = (obj: Record<string, unknown>, n: number) => {
  const keys = Object.keys(obj)
  return keys.length ? keys[n % keys.length]! : 'field'
}

/** An object input (params, query, headers or a JSON body) after `m`. */
export function mutateObject(obj: Record<string, unknown>, m: Mutation): Record<string, unknown> {
  if (m.kind === 'replace') return { ...obj, [keyAt(obj, m.pick)]: m.value }
  if (m.kind === 'drop') {
    const { [keyAt(obj, m.pick)]: _dropped, ...rest } = obj
    return rest
  }
  return obj
}

/** A JSON body's text after `m` (members written raw where JSON.stringify could not). */
export function bodyText(
  body: unknown,
  m: Mutation | undefined,
): { payload: string; contentType: string } {
  const json = (payload: string) => ({ payload, contentType: 'application/json' })
  const obj =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  if (!m) return json(JSON.stringify(body) ?? 'null')
  switch (m.kind) {
    case 'raw':
      return { payload: m.text, contentType: m.contentType }
    case 'whole':
      return json(JSON.stringify(m.value) ?? 'null')
    case 'extra': {
      const member = `${JSON.stringify(m.key)}:${JSON.stringify(m.value) ?? 'null'}`
      const rest = JSON.stringify(obj ?? {})
      return json(rest === '{}' ? `{${member}}` : `{${member},${rest.slice(1)}`)
    }
    case 'deep': {
      const nested = m.arrays
        ? `${'['.repeat(m.depth)}1${']'.repeat(m.depth)}`
        : `${'{"a":'.repeat(m.depth)}1${'}'.repeat(m.depth)}`
      const marked = JSON.stringify({ ...(obj ?? {}), [keyAt(obj ?? {}, m.pick)]: '\u0001DEEP' })
      return json(marked.replace('"\\u0001DEEP"', nested))
    }
    default:
      return json(JSON.stringify(mutateObject(obj ?? {}, m)))
  }
}

/** A query string from `query` after `m`. */
export function queryText(query: Record<string, unknown>, m: Mutation | undefined): string {
  if (m?.kind === 'raw') return m.text
  const qs = (o: Record<string, unknown>) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(text(v))}`)
      .join('&')
  if (!m) return qs(query)
  if (m.kind === 'repeat') return `${qs(query)}&${qs(query)}`
  if (m.kind === 'extra') return `${qs(query)}&${m.key}=${encodeSegment(text(m.value))}`
  return qs(mutateObject(query, m))
}

/** Encoded path segments from `params` after `m`. */
export function paramSegments(
  params: Record<string, unknown>,
  m: Mutation | undefined,
): Record<string, string> {
  const encoded = Object.fromEntries(
    Object.entries(m ? mutateObject(params, m) : params).map(([k, v]) => [
      k,
      encodeSegment(text(v)),
    ]),
  )
  if (m?.kind === 'segment') encoded[keyAt(params, m.pick)] = m.text
  return encoded
}
