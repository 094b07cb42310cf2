import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

/** What apps/web/src/entry-server.tsx exports (kept in step by hand: the API does not import web code). */
interface RenderModule {
  render(request: {
    url: string
    cookie?: string
    fetchApi: (url: string, init: RequestInit) => Promise<Response>
    signal?: AbortSignal
    origin?: string
  }): Promise<{
    html: string
    state: string
    passes?: number
    title?: string
    head?: string
  } | null>
}

/** A page's whole HTML document, and how it was made (for the Server-Timing header). */
export interface RenderedDocument {
  document: string
  /** How many times the renderer drew the page (1 when every query suspended). */
  passes: number
  ms: number
}

/** Who asks for which page: the renderer asks the API as that visitor. */
export interface PageRequest {
  /** Path and query of the page. */
  url: string
  /** The visitor's Cookie header (none: an anonymous page). */
  cookie?: string
  /** The visitor's address, for the API's rate limits. */
  ip: string
  log: FastifyBaseLogger
}

/**
 * How long one page may take to render. A page renders in tens of milliseconds; past this the
 * render is ended (its pending API calls refused) and the visitor gets the shell, so a page that
 * cannot finish never holds the visitor or the process (issue 26.2).
 */
const RENDER_TIME_LIMIT_MS = 10_000

/** Where index.html leaves room for the app. */
const ROOT_ELEMENT = '<div id="root"></div>'
/** index.html's own title, which a page's title replaces. */
const SHELL_TITLE = /<title>[^<]*<\/title>/
/** index.html's own description, which a page's head (with its own) replaces. */
const SHELL_DESCRIPTION = /<meta\s+name="description"[^>]*>/

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
  /** The shop's public origin (config.appUrl), for canonical links and structured data. */
  origin: string,
) {
  const template = reloadOnChange(files.template, (file) => readFile(file, 'utf8'))
  const renderer = loadOnce<RenderModule>(files.entry)
  // Load it now, while the server starts, rather than on the first visitor's page.
  renderer()?.catch((error: unknown) => app.log.warn({ err: error }, 'cannot load the renderer'))

  /** The whole HTML document of the page, or null when the browser should render it. */
  return async function renderPage(request: PageRequest): Promise<RenderedDocument | null> {
    const started = performance.now()
    const loading = renderer()
    const html = template()
    if (!loading || !html) return null
    try {
      const [module, shell] = await Promise.all([loading, html])
      if (!shell.includes(ROOT_ELEMENT)) return null
      const signal = AbortSignal.timeout(RENDER_TIME_LIMIT_MS)
      const page = await module.render({
        // The page never shows its own address, so one origin serves every Host header, and a
        // kept page cannot carry a Host an attacker sent.
        url: `http://localhost${request.url}`,
        cookie: request.cookie,
        origin,
        signal,
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
      if (!page) {
        if (signal.aborted) request.log.warn({ url: request.url }, 'page render ran out of time')
        return null
      }
      // Replaced by functions: a string replacement reads `$&` or `$'` in a product's name as
      // patterns and would splice pieces of the shell into the page.
      const { title, head } = page
      const withTitle = title ? shell.replace(SHELL_TITLE, () => title) : shell
      const withHead = head
        ? withTitle.replace(SHELL_DESCRIPTION, '').replace('</head>', () => `${head}</head>`)
        : withTitle
      const document = withHead.replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="ssr-state">${page.state}</script>`,
      )
      return { document, passes: page.passes ?? 1, ms: performance.now() - started }
    } catch (error) {
      request.log.warn({ err: error }, 'server-side render failed; sending the app shell')
      return null
    }
  }
}
