import type { FastifyReply } from 'fastify'
import type { CatalogCache } from '../../lib/catalog-cache'

/**
 * The JSON text of a public catalog reply, from the catalog cache when it holds the key (a hit
 * costs neither the database nor serialization), else computed, validated and kept. Fastify
 * sends a string with a JSON content type as it is; the routes cast it because the type
 * provider only knows their replies' object form.
 */
export async function cachedJson(
  cache: CatalogCache | undefined,
  key: string,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<string> {
  reply.type('application/json; charset=utf-8')
  const serialize = async () => JSON.stringify(await compute())
  if (!cache) return serialize()
  const { body, source } = await cache.load(key, serialize)
  reply.header('X-Cache', source)
  return body
}
