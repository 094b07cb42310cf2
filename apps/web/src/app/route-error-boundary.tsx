import { Link, useRouteError } from 'react-router'
import { buttonClasses } from '@/components/ui/button-variants'
import { RefreshCwIcon, TriangleAlertIcon } from '@/components/ui/fallback-icons'
import { DocumentTitle } from '@/components/document-title'

/**
 * Shown in place of a page that crashed or whose code failed to load (often a new release
 * replaced the old files): a reload fetches the current version. It is in the entry chunk (it
 * must work when no other chunk loads), so it styles plain elements instead of using `Button`.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <DocumentTitle>Something went wrong | TechBazaar</DocumentTitle>
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page ran into a problem. Reloading usually fixes it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          data-slot="button"
          className={buttonClasses()}
          onClick={() => window.location.reload()}
        >
          <RefreshCwIcon aria-hidden="true" />
          Reload page
        </button>
        <Link data-slot="button" className={buttonClasses('outline')} to="/" reloadDocument>
          Go to home
        </Link>
      </div>
    </div>
  )
}
