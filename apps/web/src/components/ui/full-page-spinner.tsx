import { LoaderCircleIcon } from './fallback-icons'

/**
 * Fills the screen while something the whole page depends on loads (the session, a route's code).
 * It fades in after a short delay, so fast loads show nothing instead of a flicker.
 *
 * It does not use `Spinner`: it shows before the first page's code has loaded, so it lives in the
 * entry chunk, which must not pull in `cn` (tailwind-merge) or lucide's runtime.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      data-slot="full-page-spinner"
      className="fixed inset-0 z-40 flex items-center justify-center bg-background"
    >
      <LoaderCircleIcon
        data-slot="spinner"
        role="status"
        aria-label={label}
        className="size-7 animate-spin text-primary transition-opacity delay-300 duration-300 starting:opacity-0"
      />
    </div>
  )
}
