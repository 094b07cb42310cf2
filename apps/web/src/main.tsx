import './styles.css'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { requestSessionEarly } from '@/features/auth/api/fetch-session'
import { requestBannersEarly } from '@/features/catalog/api/fetch-feature-images'
import { ssrState } from '@/lib/ssr-state'
import { routes } from '@/router'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

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

// A transition render yields to the browser every few milliseconds instead of holding the main
// thread until the whole page is built (no long tasks, so taps answer while it renders).
if (ssrState) {
  // The server rendered this page with its data: hydrate it where it stands.
  const state = ssrState
  void loadMatchedRoutes().then(() => {
    const router = createBrowserRouter(routes, { hydrationData: state.router })
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
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
