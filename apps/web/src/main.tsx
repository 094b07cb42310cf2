import './styles.css'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { hydrateProgressively } from '@/components/hydrate-later'
import { requestSessionEarly } from '@/lib/session/fetch-session'
import { requestBannersEarly } from '@/lib/catalog/fetch-feature-images'
import { ssrState } from '@/lib/ssr-state'
import { routes } from '@/router'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

/** Ends the current task: the code that just loaded ran in it, and hydrating is a task of its own. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Loads the code of the routes the URL matches, as the server had it when it rendered them. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, { ...(await route.lazy()), lazy: undefined })
    }),
  )
}

// No long tasks, so taps answer while the page comes to life: the route code's evaluation, the
// router and the first hydration pass each get a task of their own, and the blocks wrapped in
// HydrateLater hydrate afterwards, one a task (Preact, the browser build's runtime, hydrates in
// one go; React, in development, also yields inside its transition).
if (ssrState) {
  // The server rendered this page with its data: hydrate it where it stands.
  const state = ssrState
  void loadMatchedRoutes().then(async () => {
    await yieldToBrowser()
    const router = createBrowserRouter(routes, { hydrationData: state.router })
    await yieldToBrowser()
    startTransition(() => {
      hydrateProgressively(() =>
        hydrateRoot(
          container,
          <StrictMode>
            <RouterProvider router={router} />
          </StrictMode>,
        ),
      )
    })
  })
} else {
  // Ask who is signed in, and on the home page for its banners, while the page's code downloads.
  requestSessionEarly()
  if (window.location.pathname === '/') requestBannersEarly()
  const router = createBrowserRouter(routes)
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  })
}
