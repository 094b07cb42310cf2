import { Readable, pipeline } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { COMPRESS_MIN_BYTES, compressAs, preferredEncoding } from '../../lib/compression'
import { notFound } from '../../lib/errors'
import {
  pagesSitemap,
  productFiles,
  productFileStart,
  productSitemap,
  robotsTxt,
  sitemapIndex,
} from './sitemaps'

/**
 * Crawlers ask again often enough; a CDN may keep these a few minutes. A new product shows in
 * its file at once and in the index's lastmod within this time.
 */
const CACHE_CONTROL = 'public, max-age=600'
const XML = 'application/xml; charset=utf-8'

/** `/sitemaps/products-{n}.xml`: n from 1, plain digits. */
const PRODUCT_FILE = /^products-([1-9]\d{0,6})\.xml$/

/** A small text reply, compressed for clients that accept it. */
async function sendText(request: FastifyRequest, reply: FastifyReply, type: string, text: string) {
  reply.type(type).header('Cache-Control', CACHE_CONTROL)
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) return reply.send(text)
  reply.header('Vary', 'Accept-Encoding')
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(text)
  return reply.header('Content-Encoding', encoding).send(await compressAs(text, encoding))
}

/**
 * robots.txt and the sitemaps (issue 29), at the site's root. Registered before the web plugin,
 * whose static files and SPA fallback only answer what no route matches.
 * docs/decisions/065-product-urls-and-sitemaps.md
 */
export async function seoRoutes(app: App) {
  // Crawlers' reads: the replica when it has every catalog change heard of (decision 097).
  const { catalogReads, config } = app.deps
  const origin = config.appUrl
  const perFile = config.sitemapUrlsPerFile

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { tags: ['seo'], hide: true } },
    (request, reply) => sendText(request, reply, 'text/plain; charset=utf-8', robotsTxt(origin)),
  )

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { tags: ['seo'], hide: true } },
    async (request, reply) =>
      sendText(
        request,
        reply,
        XML,
        sitemapIndex(origin, await catalogReads.read((db) => productFiles(db, perFile))),
      ),
  )

  app.get(
    '/sitemaps/pages.xml',
    { config: { access: 'public' }, schema: { tags: ['seo'], hide: true } },
    async (request, reply) =>
      sendText(request, reply, XML, await catalogReads.read((db) => pagesSitemap(db, origin))),
  )

  app.get(
    '/sitemaps/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['seo'], hide: true, params: z.object({ file: z.string().max(100) }) },
    },
    async (request, reply) => {
      const file = Number(PRODUCT_FILE.exec(request.params.file)?.[1] ?? 0)
      if (!file) throw notFound('Not found')
      // The stream's later batches are read where its first was (the primary if the replica
      // failed it), so one file never mixes the two.
      const { db, startId } = await catalogReads.read(async (db) => ({
        db,
        startId: await productFileStart(db, file, perFile),
      }))
      if (!startId) throw notFound('Not found')
      // One batch at a time: the generator's next query runs when the reply has taken the last.
      const source = Readable.from(productSitemap(db, { origin, startId, perFile }), {
        highWaterMark: 1,
      })
      reply.type(XML).header('Cache-Control', CACHE_CONTROL).header('Vary', 'Accept-Encoding')
      const encoding = preferredEncoding(request.headers['accept-encoding'])
      if (!encoding) return reply.send(source)
      const compress =
        encoding === 'br'
          ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : createGzip({ level: 6 })
      const body = pipeline(source, compress, (err) => {
        if (err) request.log.warn({ err }, 'sitemap stream ended early')
      })
      return reply.header('Content-Encoding', encoding).send(body)
    },
  )
}
