// The server-side renderer: the API process (apps/api/src/plugins/web.ts) calls `render` for
// the storefront's pages so the browser paints the page from the HTML, then hydrates it. Built
// by `vite build --ssr` into apps/web/dist-server; never part of the browser's bundle.
import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate, type Query } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { SessionUser } from '@techbazaar/shared'
import { resolveRedirect } from '@/app/guards/resolve-redirect'
import { createQueryClient } from '@/app/query-client'
import { RenderQueryClientContext } from '@/app/render-query-client'
import { applyRenderQueryPolicy } from '@/app/render-query-policy'
import { sessionQueryKey, sessionQueryOptions } from '@/lib/session/get-session'
import { setApiTransport } from '@/lib/api-client'
import { serializeSsrState } from '@/lib/ssr-state'
import {
  HeadCollectorContext,
  headMarkup,
  type HeadCollector,
  type PageHeadData,
} from '@/lib/seo/page-head'
import { routes, SHOP_LAYOUT_ROUTE_ID } from '@/router'

/**
 * What the server renders: the shop layout's pages, and the password reset pages, which
 * shoppers open from a mail on their phones. Kept here, not in the router, because the router
 * is part of the browser's first chunk and this set is of no use there.
 */
const SERVER_RENDERED_ROUTE_IDS: ReadonlySet<string> = new Set([
  SHOP_LAYOUT_ROUTE_ID,
  'forgot-password',
  'reset-password',
])

/** Answers one API call inside the server process (no network), e.g. with Fastify's inject. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>

export interface RenderRequest {
  /** The page's absolute URL. */
  url: string
  /**
   * The shop's public origin (`https://shop.example.in`), for the head's absolute links
   * (canonical, Open Graph, JSON-LD). The page's own URL keeps a fixed host, see web-ssr.ts.
   */
  origin?: string
  /** The page request's Cookie header: the renderer asks the API as the same person. */
  cookie?: string
  fetchApi: ApiFetch
  /**
   * Ends the render when it fires (the caller's time limit): the prerender stops, API calls not
   * yet made are refused, queries are cancelled, and `render` answers null (the shell).
   */
  signal?: AbortSignal
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string
  /** The JSON data block the browser hydrates from (lib/ssr-state.ts), safe inside <script>. */
  state: string
  /** How many times the page was drawn: 1 unless a query would not suspend (Server-Timing). */
  passes: number
  /** The page's `<title>` element (components/document-title.tsx), for the document's head. */
  title?: string
  /** The page's other head tags (lib/seo/page-head.tsx): description, canonical, OG, JSON-LD. */
  head?: string
}

/** The first `<title>` React drew; it hoists it to the front of the markup, out of the body. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/

/**
 * Queries suspend until their data is in (app/render-query-policy.ts), so one pass draws the page;
 * a query that shows placeholder data instead is fetched after it and the page drawn again.
 */
const MAX_PASSES = 3

/**
 * API calls one render may make. The richest page (home, signed in) makes about ten; a render
 * that asks for more is looping, and gets the shell rather than the server's whole attention.
 */
const MAX_API_CALLS_PER_RENDER = 40

/** One render's way to the API, open until the render ends. */
interface RenderScope {
  cookie?: string
  fetchApi: ApiFetch
  /** Aborted when the render ends, however it ends: nothing it started may call the API after. */
  ended: AbortController
  calls: number
}

const handler = createStaticHandler(routes)
const current = new AsyncLocalStorage<RenderScope>()

setApiTransport((url, init) => {
  const scope = current.getStore()
  if (!scope) return Promise.reject(new Error(`API call outside a page render: ${url}`))
  // A timer or promise the render left behind still runs in its context: refuse it.
  if (scope.ended.signal.aborted) {
    return Promise.reject(new Error(`API call after its render: ${url}`))
  }
  if (++scope.calls > MAX_API_CALLS_PER_RENDER) {
    scope.ended.abort()
    return Promise.reject(
      new Error(`More than ${MAX_API_CALLS_PER_RENDER} API calls in one render`),
    )
  }
  const headers = new Headers(init.headers)
  if (scope.cookie) headers.set('Cookie', scope.cookie)
  return scope.fetchApi(url, { ...init, headers })
})

/** A query a render created and that would fetch in the browser: fetch it here instead. */
function waitingToFetch(query: Query): boolean {
  // `enabled` is an observer option that the cache keeps on the query it built for it.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) }
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false
  return isEnabled && query.state.status === 'pending' && query.state.fetchStatus === 'idle'
}

/**
 * The storefront page at `url` rendered with its data, or null when the browser should render it
 * alone: pages not in SERVER_RENDERED_ROUTE_IDS, redirects, route errors, a guard that would send the
 * visitor elsewhere, a failed query, a render past its time (`signal`) or its API calls, or a
 * failed render. When it answers, nothing the render started is left running or calling the API.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const { url, cookie, fetchApi, signal, origin } = request
  if (signal?.aborted) return null
  const scope: RenderScope = { cookie, fetchApi, ended: new AbortController(), calls: 0 }
  const onAbort = () => scope.ended.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const page = await current.run(scope, () =>
      renderPage(url, cookie, scope.ended.signal, origin ?? new URL(url).origin),
    )
    return scope.ended.signal.aborted ? null : page
  } catch (error) {
    // An ended render fails wherever it stood (a refused call, an aborted prerender): the shell.
    if (scope.ended.signal.aborted) return null
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
    scope.ended.abort()
  }
}

async function renderPage(
  url: string,
  cookie: string | undefined,
  ended: AbortSignal,
  origin: string,
): Promise<RenderedPage | null> {
  const context = await handler.query(
    new Request(url, { headers: cookie ? { Cookie: cookie } : {} }),
  )
  if (context instanceof Response || context.errors) return null
  if (!context.matches.some((match) => SERVER_RENDERED_ROUTE_IDS.has(match.route.id))) {
    return null
  }

  const queryClient = createQueryClient()
  // One try each (render-query-policy.ts): a page whose data fails is left to the browser.
  applyRenderQueryPolicy(queryClient)
  // Whatever ends the render cancels what its queries still wait for.
  ended.addEventListener('abort', () => void queryClient.cancelQueries(), { once: true })
  const router = createStaticRouter(handler.dataRoutes, context)
  let pageHead: PageHeadData | null = null
  const collector: HeadCollector = (head) => {
    pageHead = head
  }
  // A prerender waits for lazily loaded components inside Suspense (the product dialog), where
  // renderToString would leave their fallback and make the browser render the boundary again.
  const renderPass = async () => {
    pageHead = null
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <RenderQueryClientContext value={queryClient}>
          <HeadCollectorContext value={collector}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </HeadCollectorContext>
        </RenderQueryClientContext>
      </StrictMode>,
      {
        signal: ended,
        // React's default, except for the abort of an ended render, which the caller reports.
        onError: (error) => {
          if (!ended.aborted) console.error(error)
        },
      },
    )
    let html = ''
    for await (const chunk of prelude) html += String(chunk)
    return html
  }

  // Every page waits for the session (the route guard): ask before the first pass, not after.
  await queryClient.prefetchQuery(sessionQueryOptions)
  // A page the guard would leave (a guest on checkout, an admin anywhere in the shop) is not
  // drawn: the shell's guard redirects at once, and no shop markup reaches such a visitor.
  const user = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)
  if (user === undefined) return null
  if (resolveRedirect(new URL(url).pathname, user) !== null) return null

  let html = await renderPass()
  let passes = 1
  for (; passes < MAX_PASSES && !ended.aborted; passes++) {
    const waiting = queryClient.getQueryCache().getAll().filter(waitingToFetch)
    if (waiting.length === 0) break
    await Promise.allSettled(waiting.map((query) => query.fetch()))
    html = await renderPass()
  }
  // A query that failed drew its error state, not the page: the browser asks again, and shows
  // it (a product that does not exist: "This product is not available").
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  ) {
    return null
  }

  const state = serializeSsrState({
    queries: dehydrate(queryClient),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    },
  })
  // Moved to the head, where crawlers read it; the browser's DocumentTitle draws nothing there.
  const title = TITLE_ELEMENT.exec(html)?.[0]
  if (title) html = html.replace(title, '')
  const drawn = pageHead as PageHeadData | null
  const head = drawn ? headMarkup(drawn, origin) : undefined
  return { html, state, passes, title, head }
}
