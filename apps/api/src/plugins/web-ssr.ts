import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyRequest } from 'fastify'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** What apps/web/src/entry-server.tsx exports (kept in step by hand: the API does not import web code). */
interface RenderModule {
  render(request: {
    url: string
    cookie?: string
    fetchApi: (url: string, init: RequestInit) => Promise<Response>
  }): Promise<{ html: string; state: string } | null>
}

export interface RenderedPage {
  body: Buffer | string
  encoding?: 'br' | 'gzip'
}

/** Where index.html leaves room for the app. */
const ROOT_ELEMENT = '<div id="root"></div>'

/** Loads a file-backed value again only when the file changes (a rebuild needs no restart). */
function reloadOnChange<T>(file: string, load: (file: string) => Promise<T>) {
  let cached: { version: number; value: Promise<T> } | undefined
  return (): Promise<T> | null => {
    const version = mtimeOf(file)
    if (version === null) return null
    if (cached?.version !== version) cached = { version, value: load(file) }
    return cached.value
  }
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs
  } catch {
    return null
  }
}

/**
 * The renderer module, loaded once: its chunks import it by its plain URL, so loading a rebuilt
 * copy under another URL would split React Router's contexts in two. After a rebuild it declines
 * (the browser renders the pages) until the process restarts, since the new browser code may not
 * match the old renderer's markup.
 */
function loadOnce<T>(file: string) {
  let loaded: { version: number; value: Promise<T> } | undefined
  return (): Promise<T> | null => {
    const version = mtimeOf(file)
    if (version === null) return null
    loaded ??= { version, value: import(pathToFileURL(file).href) as Promise<T> }
    return loaded.version === version ? loaded.value : null
  }
}

/**
 * Renders storefront pages on the server with the web build's renderer (apps/web/dist-server),
 * so the browser paints the page before any script runs and hydrates it afterwards. The page's
 * API calls are answered inside this process (inject) as the visitor: same cookie, same address
 * for the rate limits. Without a renderer, or when it declines or fails, the caller sends the
 * plain app shell and the browser renders the page, as before.
 */
export function createPageRenderer(
  app: FastifyInstance,
  files: { template: string; entry: string },
) {
  const template = reloadOnChange(files.template, (file) => readFile(file, 'utf8'))
  const renderer = loadOnce<RenderModule>(files.entry)
  // Load it now, while the server starts, rather than on the first visitor's page.
  renderer()?.catch((error: unknown) => app.log.warn({ err: error }, 'cannot load the renderer'))

  return async function renderPage(request: FastifyRequest): Promise<RenderedPage | null> {
    const loading = renderer()
    const html = template()
    if (!loading || !html) return null
    try {
      const [module, shell] = await Promise.all([loading, html])
      if (!shell.includes(ROOT_ELEMENT)) return null
      const page = await module.render({
        url: `${request.protocol}://${request.host}${request.url}`,
        cookie: request.headers.cookie,
        fetchApi: async (url, init) => {
          const answer = await app.inject({
            method: (init.method ?? 'GET') as 'GET',
            url,
            headers: Object.fromEntries(new Headers(init.headers)),
            payload: typeof init.body === 'string' ? init.body : undefined,
            remoteAddress: request.ip,
          })
          return new Response(answer.rawPayload, {
            status: answer.statusCode,
            headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
          })
        },
      })
      if (!page) return null
      const body = shell.replace(
        ROOT_ELEMENT,
        `<div id="root">${page.html}</div><script type="application/json" id="ssr-state">${page.state}</script>`,
      )
      return compress(body, String(request.headers['accept-encoding'] ?? ''))
    } catch (error) {
      request.log.warn({ err: error }, 'server-side render failed; sending the app shell')
      return null
    }
  }
}

/** Pages are made per request, so they are compressed per request, quickly rather than tightly. */
async function compress(body: string, acceptEncoding: string): Promise<RenderedPage> {
  if (/\bbr\b/.test(acceptEncoding)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5 }
    return { body: await brotli(body, { params }), encoding: 'br' }
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: await gzipAsync(body), encoding: 'gzip' }
  return { body }
}
