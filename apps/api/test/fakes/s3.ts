import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isSigned, verifySigV4, type S3Failure, type SignedRequest } from './s3-sigv4'

/**
 * A local stand-in for an S3-compatible store: a real HTTP server on 127.0.0.1 that speaks the
 * documented S3 REST API for what the shop uses, path-style (`/<bucket>/<key>`):
 * CreateMultipartUpload, UploadPart (also through presigned URLs), CompleteMultipartUpload,
 * AbortMultipartUpload, PutObject, GetObject, HeadObject and DeleteObject. Every request must
 * carry a valid SigV4 signature (header or presigned query, with expiry) or gets S3's 403,
 * except anonymous reads under `publicPrefixes` (a public-read bucket policy).
 */

interface StoredObject {
  body: Buffer
  contentType: string
  cacheControl?: string
  etag: string
}

interface Upload {
  key: string
  contentType: string
  parts: Map<number, { body: Buffer; md5: Buffer }>
}

/** S3's smallest part, except the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024

const md5 = (data: Buffer) => createHash('md5').update(data).digest()
const xmlEscape = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
const xmlUnescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
const unquote = (etag: string) => etag.trim().replace(/^"|"$/g, '')

export async function startFakeS3(
  opts: {
    bucket?: string
    region?: string
    accessKeyId?: string
    secretAccessKey?: string
    publicPrefixes?: string[]
  } = {},
) {
  const bucket = opts.bucket ?? 'shop-images'
  const creds = {
    accessKeyId: opts.accessKeyId ?? 'AKIAFAKES3TEST',
    secretAccessKey: opts.secretAccessKey ?? 'fake-s3-secret-key',
    region: opts.region ?? 'ap-south-1',
  }
  const publicPrefixes = opts.publicPrefixes ?? ['u/']
  const objects = new Map<string, StoredObject>()
  const uploads = new Map<string, Upload>()
  let offsetMs = 0
  const now = () => new Date(Date.now() + offsetMs)
  /** Every request as the store saw it: method, operation and key (for assertions). */
  const log: { method: string; key: string; status: number }[] = []

  function send(
    res: ServerResponse,
    status: number,
    body: string | Buffer = '',
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      'x-amz-request-id': randomBytes(8).toString('hex'),
      ...(typeof body === 'string' && body ? { 'content-type': 'application/xml' } : {}),
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    })
    res.end(body)
  }

  function fail(res: ServerResponse, method: string, { status, code, message }: S3Failure) {
    // HEAD answers carry no body; the SDK reads the status alone.
    if (method === 'HEAD') return send(res, status)
    send(
      res,
      status,
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
    )
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const method = req.method ?? 'GET'
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s)
    const query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair): [string, string] => {
        const [k = '', v = ''] = pair.split(/=(.*)/s)
        return [decodeURIComponent(k), decodeURIComponent(v)]
      })
    const q = new Map(query)
    const segments = rawPath.split('/').slice(1)
    const key = segments.slice(1).map(decodeURIComponent).join('/')
    const status = (code: number) => log.push({ method, key, status: code })

    const request: SignedRequest = { method, rawPath, query, headers: req.headers, body }
    const anonymousRead =
      (method === 'GET' || method === 'HEAD') &&
      publicPrefixes.some((prefix) => key.startsWith(prefix))
    if (isSigned(request) || !anonymousRead) {
      const problem = isSigned(request)
        ? verifySigV4(request, creds, now())
        : { status: 403, code: 'AccessDenied', message: 'Access Denied' }
      if (problem) {
        status(problem.status)
        return fail(res, method, problem)
      }
    }
    if (segments[0] !== bucket) {
      status(404)
      return fail(res, method, { status: 404, code: 'NoSuchBucket', message: segments[0] ?? '' })
    }
    if (!key) {
      status(501)
      return fail(res, method, { status: 501, code: 'NotImplemented', message: 'Bucket ops' })
    }
    const reply = (code: number, out?: string | Buffer, headers?: Record<string, string>) => {
      status(code)
      send(res, code, out, headers)
    }
    const error = (code: number, s3Code: string, message: string) => {
      status(code)
      fail(res, method, { status: code, code: s3Code, message })
    }
    const uploadId = q.get('uploadId')
    const upload = uploadId ? uploads.get(uploadId) : undefined
    if (uploadId && (!upload || upload.key !== key)) {
      return error(404, 'NoSuchUpload', 'The specified upload does not exist.')
    }

    if (method === 'POST' && q.has('uploads')) {
      const id = randomBytes(24).toString('base64url')
      uploads.set(id, {
        key,
        contentType: headerOf(req, 'content-type') ?? 'binary/octet-stream',
        parts: new Map(),
      })
      return reply(
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      )
    }
    if (method === 'PUT' && upload) {
      const partNumber = Number(q.get('partNumber'))
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        return error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000')
      }
      const hash = md5(body)
      upload.parts.set(partNumber, { body, md5: hash })
      return reply(200, '', { etag: `"${hash.toString('hex')}"` })
    }
    if (method === 'POST' && upload && uploadId) {
      const parts = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(
        ([, part = '']) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1]),
          etag: unquote(xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(part)?.[1] ?? '')),
        }),
      )
      if (parts.length === 0) return error(400, 'MalformedXML', 'No parts')
      for (const [i, part] of parts.entries()) {
        if (i > 0 && part.number <= (parts[i - 1]?.number ?? 0)) {
          return error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.')
        }
        const stored = upload.parts.get(part.number)
        if (!stored || stored.md5.toString('hex') !== part.etag) {
          return error(400, 'InvalidPart', 'One or more of the specified parts could not be found.')
        }
        if (i < parts.length - 1 && stored.body.length < MIN_PART_BYTES) {
          return error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum.')
        }
      }
      const chosen = parts.map((part) => upload.parts.get(part.number)!)
      const etag = `"${md5(Buffer.concat(chosen.map((p) => p.md5))).toString('hex')}-${parts.length}"`
      objects.set(key, {
        body: Buffer.concat(chosen.map((p) => p.body)),
        contentType: upload.contentType,
        etag,
      })
      uploads.delete(uploadId)
      return reply(
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Location>http://${headerOf(req, 'host')}/${bucket}/${xmlEscape(key)}</Location><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
      )
    }
    if (method === 'DELETE' && upload && uploadId) {
      uploads.delete(uploadId)
      return reply(204)
    }
    if (method === 'PUT') {
      const etag = `"${md5(body).toString('hex')}"`
      objects.set(key, {
        body,
        contentType: headerOf(req, 'content-type') ?? 'binary/octet-stream',
        cacheControl: headerOf(req, 'cache-control'),
        etag,
      })
      return reply(200, '', { etag })
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key)
      if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.')
      const headers: Record<string, string> = {
        'content-type': object.contentType,
        etag: object.etag,
        'last-modified': now().toUTCString(),
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      }
      if (method === 'HEAD') {
        status(200)
        res.writeHead(200, { ...headers, 'content-length': String(object.body.length) })
        return res.end()
      }
      return reply(200, object.body, headers)
    }
    if (method === 'DELETE') {
      objects.delete(key)
      return reply(204)
    }
    return error(501, 'NotImplemented', `${method} is not implemented by the fake`)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    bucket,
    creds,
    /** The shop's S3 configuration for this store (images served from the bucket's URL). */
    env: {
      S3_ENDPOINT: origin,
      S3_REGION: creds.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
      S3_PUBLIC_URL: `${origin}/${bucket}`,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects,
    /** Multipart uploads started and neither completed nor aborted. */
    openUploads: () => [...uploads.values()].map((upload) => upload.key),
    log,
    /** Moves the store's clock (presigned URL expiry, request skew). */
    advance: (ms: number) => {
      offsetMs += ms
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}
