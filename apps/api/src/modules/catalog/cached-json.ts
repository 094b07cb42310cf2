import type { FastifyReply } from 'fastify'
import type { CatalogCache } from '../../lib/catalog-cache'
import { compressedText, pickEncoding, preferredEncoding } from '../../lib/compression'
import type { CompressedText } from '../../lib/compression'

/** The catalog cache as the app holds it: each reply with its compressed forms. */
export type ReplyCache = CatalogCache<CompressedText>

/**
 * The JSON text of a public catalog reply, from the catalog cache when it holds the key (a hit
 * costs neither the database, nor serialization, nor compression), else computed, validated,
 * compressed and kept. Fastify sends a string or buffer with a JSON content type as it is; the
 * routes cast it because the type provider only knows their replies' object form.
 */
export async function cachedJson(
  cache: ReplyCache | undefined,
  key: string,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<string | Buffer> {
  reply.type('application/json; charset=utf-8')
  const serialize = async () => JSON.stringify(await compute())
  // Without a cache the reply is compressed on its way out, like any other (plugins/compress.ts).
  if (!cache) return serialize()
  const { body, source } = await cache.load(key, async () => compressedText(await serialize()))
  reply.header('X-Cache', source)
  const sent = pickEncoding(body, preferredEncoding(reply.request.headers['accept-encoding']))
  if (body.br) reply.header('Vary', 'Accept-Encoding')
  if (sent.encoding) reply.header('Content-Encoding', sent.encoding)
  return sent.body
}
