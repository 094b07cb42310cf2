import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createPageRenderer } from './web-ssr'

const YEAR_SECONDS = 365 * 24 * 3600

/**
 * Serves uploaded images under /uploads and the built web app with the SPA fallback, so deep
 * links like /shop/listing?category=electronics load the app. Storefront pages come rendered on
 * the server when the web build has its renderer (web-ssr.ts). Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { uploadsDir: string; webDistDir: string; webSsrEntry: string },
  ) => {
    mkdirSync(opts.uploadsDir, { recursive: true })
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Upload names are made by the server and never reused, so they can be cached for good.
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
    })

    const indexHtml = path.join(opts.webDistDir, 'index.html')
    const hasWeb = existsSync(indexHtml)
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDistDir,
        prefix: '/',
        // Files are looked up on each request, so a rebuilt web app is served without a restart.
        // "/" is a page like any other (below), so it can be rendered on the server.
        index: false,
        // The build writes .br and .gz copies of the text files (apps/web/vite.config.ts); they
        // are sent to browsers that accept them, without compressing on every request.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/; the rest must be revalidated.
          res.header(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? `public, max-age=${YEAR_SECONDS}, immutable`
              : 'no-cache',
          )
        },
      })
    }

    const renderPage = createPageRenderer(app, {
      template: indexHtml,
      entry: opts.webSsrEntry,
    })

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const page = request.method === 'GET' ? await renderPage(request) : null
      if (!page) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', opts.webDistDir)
      }
      // The page may hold the visitor's name and cart: never for a shared cache.
      reply.header('Cache-Control', 'no-cache, private').header('Vary', 'Cookie, Accept-Encoding')
      if (page.encoding) reply.header('Content-Encoding', page.encoding)
      return reply.type('text/html; charset=utf-8').send(page.body)
    }

    // The static files' wildcard would answer "/" as a directory listing request (403).
    if (hasWeb) app.get('/', sendPage)

    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        hasWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api') &&
        !request.url.startsWith('/uploads') &&
        !path.extname(request.url.split('?')[0] ?? '')
      if (wantsPage) return sendPage(request, reply)
      return reply.status(404).send({ success: false, message: 'Not found' })
    })
  },
)
