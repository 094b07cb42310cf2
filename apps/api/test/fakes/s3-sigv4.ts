import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/**
 * AWS Signature Version 4 as S3 checks it, for the fake S3 server: the Authorization header
 * form and the presigned query form, per "Authenticating Requests (AWS Signature Version 4)"
 * in the S3 API reference. Answers the S3 error S3 would send, or null when the request is
 * signed by the known key.
 */

export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
}

export interface SignedRequest {
  method: string
  /** The path as sent, still percent-encoded. */
  rawPath: string
  /** Query pairs as sent, decoded, in order. */
  query: [string, string][]
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface S3Failure {
  status: number
  code: string
  message: string
}

const ALGORITHM = 'AWS4-HMAC-SHA256'
const UNSIGNED = 'UNSIGNED-PAYLOAD'
/** S3 refuses header-signed requests more than 15 minutes off its clock. */
const MAX_SKEW_MS = 15 * 60_000

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding, as SigV4 canonicalises every path segment, query key and value. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** `20260102T030405Z` → Date, or null when it is not that shape. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[]
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!))
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : value
}

function canonicalRequest(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
  omitSignature: boolean,
): string | S3Failure {
  // S3 signs the path as sent (no double encoding): decode and re-encode each segment.
  const path = request.rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/')
  const query = request.query
    .filter(([key]) => !(omitSignature && key === 'X-Amz-Signature'))
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const lines: string[] = []
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name)
    if (value === undefined) {
      return {
        status: 403,
        code: 'SignatureDoesNotMatch',
        message: `Signed header ${name} missing`,
      }
    }
    lines.push(`${name}:${value.trim().replace(/\s+/g, ' ')}\n`)
  }
  return [request.method, path, query, lines.join(''), signedHeaders.join(';'), payloadHash].join(
    '\n',
  )
}

function signature(secret: string, scope: string[], amzDate: string, canonical: string): string {
  const [date = '', region = '', service = ''] = scope
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request')
  const toSign = [ALGORITHM, amzDate, scope.join('/'), sha256(canonical)].join('\n')
  return createHmac('sha256', key).update(toSign).digest('hex')
}

const denied = (message: string): S3Failure => ({ status: 403, code: 'AccessDenied', message })
const mismatch: S3Failure = {
  status: 403,
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided.',
}

/** Whether the request carries any SigV4 signature at all (else it is anonymous). */
export function isSigned(request: SignedRequest): boolean {
  return (
    Boolean(request.headers.authorization) ||
    request.query.some(([key]) => key === 'X-Amz-Signature')
  )
}

/** Checks a header- or query-signed request against `creds` at time `now`. */
export function verifySigV4(
  request: SignedRequest,
  creds: SigV4Credentials,
  now: Date,
): S3Failure | null {
  const q = new Map(request.query)
  const presigned = q.has('X-Amz-Signature')
  let algorithm: string | undefined
  let credential: string | undefined
  let signedHeaderList: string | undefined
  let given: string | undefined
  let amzDate: string | undefined
  let payloadHash: string | undefined

  if (presigned) {
    algorithm = q.get('X-Amz-Algorithm')
    credential = q.get('X-Amz-Credential')
    signedHeaderList = q.get('X-Amz-SignedHeaders')
    given = q.get('X-Amz-Signature')
    amzDate = q.get('X-Amz-Date')
    payloadHash = q.get('X-Amz-Content-Sha256') ?? UNSIGNED
  } else {
    const header = request.headers.authorization ?? ''
    const m =
      /^(\S+) Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
        header,
      )
    if (!m) return { status: 400, code: 'AuthorizationHeaderMalformed', message: header }
    ;[, algorithm, credential, signedHeaderList, given] = m
    amzDate = headerValue(request.headers, 'x-amz-date')
    payloadHash = headerValue(request.headers, 'x-amz-content-sha256')
    if (!payloadHash) {
      return { status: 400, code: 'InvalidRequest', message: 'Missing x-amz-content-sha256' }
    }
  }

  if (algorithm !== ALGORITHM) {
    return { status: 400, code: 'InvalidArgument', message: 'Unsupported signing algorithm' }
  }
  const [accessKeyId, ...scope] = (credential ?? '').split('/')
  if (accessKeyId !== creds.accessKeyId) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    }
  }
  const signedAt = parseAmzDate(amzDate)
  if (
    !signedAt ||
    scope.length !== 4 ||
    scope[0] !== amzDate?.slice(0, 8) ||
    scope[1] !== creds.region ||
    scope[2] !== 's3' ||
    scope[3] !== 'aws4_request'
  ) {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'Bad credential scope' }
  }
  const signedHeaders = (signedHeaderList ?? '').split(';')
  if (!signedHeaders.includes('host')) return denied('The host header must be signed')

  if (presigned) {
    const expires = Number(q.get('X-Amz-Expires'))
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return denied('X-Amz-Expires must be between 1 and 604800 seconds')
    }
    if (now.getTime() > signedAt.getTime() + expires * 1000) return denied('Request has expired')
    if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS) return denied('Request is not valid yet')
  } else {
    if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
      return {
        status: 403,
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      }
    }
    if (payloadHash !== UNSIGNED && payloadHash !== sha256(request.body)) {
      return {
        status: 400,
        code: 'XAmzContentSHA256Mismatch',
        message: 'The provided x-amz-content-sha256 header does not match what was computed.',
      }
    }
  }

  const canonical = canonicalRequest(request, signedHeaders, payloadHash, presigned)
  if (typeof canonical !== 'string') return canonical
  const expected = Buffer.from(signature(creds.secretAccessKey, scope, amzDate ?? '', canonical))
  const actual = Buffer.from(given ?? '')
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return mismatch
  return null
}
