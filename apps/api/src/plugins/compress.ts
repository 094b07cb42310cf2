import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { COMPRESS_MIN_BYTES, compressAs, preferredEncoding } from '../lib/compression'

/**
 * Compresses JSON replies of COMPRESS_MIN_BYTES or more with br or gzip, as the client accepts.
 * Replies that come compressed already (the catalog cache keeps its replies compressed, pages
 * and static files have their own) pass untouched.
 */
export const compressPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (reply.hasHeader('Content-Encoding')) return payload
    if (!String(reply.getHeader('Content-Type') ?? '').startsWith('application/json')) {
      return payload
    }
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload
    reply.header('Vary', 'Accept-Encoding')
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    if (!encoding) return payload
    reply.header('Content-Encoding', encoding)
    reply.removeHeader('Content-Length')
    return compressAs(payload, encoding)
  })
})
