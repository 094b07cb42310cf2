import { existsSync, mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { compressAs, preferredEncoding, pickEncoding } from '../lib/compression'
import { shopCookies } from '../lib/cookies'
import type { CachedPage } from '../lib/page-cache'
import { keptPagePaths, pageKey } from './page-keys'
import type { PageGate, PageRefusal, SegmentGate } from './page-gates'
import { createPageRenderer, type RenderedDocument } from './web-ssr'

const YEAR_SECONDS = 365 * 24 * 3600

/** How the page was made, for browser dev tools and the e2e suite (one pass is the goal). */
const serverTiming = ({ passes, ms }: RenderedDocument) =>
  `render;dur=${ms.toFixed(1)};desc="${passes} pass${passes === 1 ? '' : 'es'}"`

/** RFC 9110 13.2.2: If-None-Match (weak comparison) wins; If-Modified-Since only without it. */
function notModified(request: FastifyRequest, page: CachedPage): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return ifNoneMatch
      .split(',')
      .some((tag) => tag.trim() === '*' || opaque(tag) === opaque(page.etag))
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '')
  return Number.isFinite(since) && page.lastModified.getTime() <= since
}

/**
 * The path a request names once spelled plainly: the absolute form's origin dropped, `.` and
 * `..` segments resolved, percent-escapes decoded, `;` parameters and repeated slashes removed.
 * An unmatched `/%61pi/x` or `/a/../api/x` is an API path and gets the API's 404, not a page.
 */
export function resolvedPath(url: string): string {
  let pathname: string
  try {
    pathname = new URL(url.startsWith('/') ? `http://localhost${url}` : url).pathname
  } catch {
    return url
  }
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // A broken escape stays as it was: it names no route either way.
  }
  return decoded.replace(/;[^/]*/g, '').replace(/\/{2,}/g, '/')
}

/**
 * Serves uploaded images under /uploads and the built web app with the SPA fallback, so deep
 * links like /shop/listing?category=electronics load the app. Storefront pages come rendered on
 * the server when the web build has its renderer (web-ssr.ts). Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      uploadsDir: string
      webDistDir: string
      webSsrEntry: string
      /** Pages named by their path (`/p/:segment`...), each with its gate (page-gates.ts). */
      namedPages?: Record<string, SegmentGate>
    },
  ) => {
    mkdirSync(opts.uploadsDir, { recursive: true })
    // Uploaded images, the web app's files and its pages are for everyone (auth.ts asks every
    // route to say so). fp shares this hook with the root, but nothing registers after this plugin.
    app.addHook('onRoute', (route) => {
      route.config = { access: 'public', ...route.config }
    })
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

    const { config, pageCache } = app.deps
    const renderPage = createPageRenderer(
      app,
      { template: indexHtml, entry: opts.webSsrEntry },
      config.appUrl,
    )
    const cookies = shopCookies(config)
    // Anonymous pages may be kept by a CDN for a short while and served stale while it asks
    // again; browsers keep nothing without asking (ETag, 304). docs/deploy.md.
    const sharedPageCaching =
      `public, max-age=0, s-maxage=${config.pageCdnSeconds}, ` +
      `stale-while-revalidate=${config.pageCdnStaleSeconds}`

    const sendShell = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', opts.webDistDir)

    /** A kept page: 304 when the browser holds it already, else its best-compressed form. */
    function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
      reply
        .header('Cache-Control', sharedPageCaching)
        .header('Vary', 'Accept-Encoding, Cookie')
        .header('ETag', page.etag)
        .header('Last-Modified', page.lastModified.toUTCString())
      if (notModified(request, page)) return reply.code(304).send()
      const sent = pickEncoding(page, preferredEncoding(request.headers['accept-encoding']))
      if (sent.encoding) reply.header('Content-Encoding', sent.encoding)
      return reply.type('text/html; charset=utf-8').send(sent.body)
    }

    /**
     * A page that names no product or category the shop has: its status with the shell, which
     * draws the not-found message in the browser; a product's old address: 301 to its own.
     */
    async function sendRefusal(reply: FastifyReply, refusal: PageRefusal) {
      if ('redirect' in refusal) return reply.redirect(refusal.redirect, 301)
      const shell = await readFile(indexHtml, 'utf8')
      return reply
        .code(refusal.status)
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(shell)
    }

    /**
     * Sends the page at the request's URL. `gate` first says whether the address names a page at
     * all (a listed product, a known category); it runs only when the page is drawn, never for a
     * kept page: the page cache forgets every page on a catalog change, so a kept page's answer
     * still holds.
     */
    async function sendPage(request: FastifyRequest, reply: FastifyReply, gate?: PageGate) {
      // Set by `passes` (inside the cache's loader, so an object: a closure's writes to a `let`
      // are invisible to the compiler's narrowing).
      const asked: { refusal?: PageRefusal | null } = {}
      const passes = async () => {
        asked.refusal = gate ? await gate() : null
        return asked.refusal === null
      }
      // HEAD (and anything but GET) gets the shell, or the refusal a GET would get.
      if (request.method !== 'GET') {
        return !(await passes()) && asked.refusal
          ? sendRefusal(reply, asked.refusal)
          : sendShell(reply)
      }
      // Kept pages hold nothing personal: a signed-in visitor whose browser says so (the hint the
      // web app reads) gets the same page, and the browser brings the name, cart and redirects.
      const shared =
        !request.cookies[cookies.session.name] || request.cookies[cookies.signedIn.name] === '1'
      const key = shared && pageCache ? pageKey(request.url) : null
      if (key && pageCache) {
        const { page, source } = await pageCache.load(key, async () => {
          if (!(await passes())) return null
          const rendered = await renderPage({ url: key, ip: request.ip, log: request.log })
          if (rendered) reply.header('Server-Timing', serverTiming(rendered))
          return rendered?.document ?? null
        })
        reply.header('X-Cache', source)
        if (page) return sendKept(request, reply, page)
        // Another request's render declined: this one asks the gate itself.
        if (asked.refusal === undefined) await passes()
        return asked.refusal ? sendRefusal(reply, asked.refusal) : sendShell(reply)
      }
      if (!(await passes()) && asked.refusal) return sendRefusal(reply, asked.refusal)
      const rendered = await renderPage({
        url: request.url,
        cookie: request.headers.cookie,
        ip: request.ip,
        log: request.log,
      })
      if (rendered === null) return sendShell(reply)
      const html = rendered.document
      reply.header('Server-Timing', serverTiming(rendered))
      // The page may hold the visitor's name and cart: never for a shared cache.
      reply.header('Cache-Control', 'no-cache, private').header('Vary', 'Accept-Encoding, Cookie')
      const encoding = preferredEncoding(request.headers['accept-encoding'])
      if (!encoding) return reply.type('text/html; charset=utf-8').send(html)
      reply.header('Content-Encoding', encoding)
      return reply.type('text/html; charset=utf-8').send(await compressAs(html, encoding))
    }

    // The static files' wildcard would answer "/" as a directory listing request (403); the other
    // kept pages get routes too, so a page from memory does not first look for a file on disk
    // (the wildcard stats the path and its .br/.gz copies before giving up).
    if (hasWeb) {
      for (const page of keptPagePaths())
        app.get(page, (request, reply) => sendPage(request, reply))
      for (const [route, gate] of Object.entries(opts.namedPages ?? {})) {
        app.get<{ Params: { segment: string } }>(route, (request, reply) =>
          sendPage(request, reply, () => gate(request.params.segment)),
        )
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const resolved = resolvedPath(request.url)
      const wantsPage =
        hasWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|uploads)(\/|$)/i.test(resolved) &&
        !path.extname(resolved)
      if (wantsPage) return sendPage(request, reply)
      return reply.status(404).send({ success: false, message: 'Not found' })
    })
  },
)
