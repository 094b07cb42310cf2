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
import { suspendOnPendingQueries } from '@/app/render-suspense'
import { sessionQueryKey, sessionQueryOptions } from '@/lib/session/get-session'
import { setApiTransport } from '@/lib/api-client'
import { serializeSsrState } from '@/lib/ssr-state'
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
  /** The page request's Cookie header: the renderer asks the API as the same person. */
  cookie?: string
  fetchApi: ApiFetch
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
}

/** The first `<title>` React drew; it hoists it to the front of the markup, out of the body. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/

/**
 * Queries suspend until their data is in (app/render-suspense.ts), so one pass draws the page;
 * a query that shows placeholder data instead is fetched after it and the page drawn again.
 */
const MAX_PASSES = 3

const handler = createStaticHandler(routes)
const current = new AsyncLocalStorage<{ cookie?: string; fetchApi: ApiFetch }>()

setApiTransport((url, init) => {
  const request = current.getStore()
  if (!request) return Promise.reject(new Error(`API call outside a page render: ${url}`))
  const headers = new Headers(init.headers)
  if (request.cookie) headers.set('Cookie', request.cookie)
  return request.fetchApi(url, { ...init, headers })
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
 * visitor elsewhere, or a failed render.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const { url, cookie, fetchApi } = request
  return current.run({ cookie, fetchApi }, async () => {
    const context = await handler.query(
      new Request(url, { headers: cookie ? { Cookie: cookie } : {} }),
    )
    if (context instanceof Response || context.errors) return null
    if (!context.matches.some((match) => SERVER_RENDERED_ROUTE_IDS.has(match.route.id))) {
      return null
    }

    const queryClient = createQueryClient()
    // One try: a page whose data fails is left to the browser, which retries and shows errors.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    })
    suspendOnPendingQueries(queryClient)
    const router = createStaticRouter(handler.dataRoutes, context)
    // A prerender waits for lazily loaded components inside Suspense (the product dialog), where
    // renderToString would leave their fallback and make the browser render the boundary again.
    const renderPass = async () => {
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <RenderQueryClientContext value={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RenderQueryClientContext>
        </StrictMode>,
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
    for (; passes < MAX_PASSES; passes++) {
      const waiting = queryClient.getQueryCache().getAll().filter(waitingToFetch)
      if (waiting.length === 0) break
      await Promise.allSettled(waiting.map((query) => query.fetch()))
      html = await renderPass()
    }
    // A query that failed drew an error boundary, not the page: the browser asks again.
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
    return { html, state, passes, title }
  })
}
