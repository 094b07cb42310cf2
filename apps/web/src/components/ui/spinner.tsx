import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'

/** An indeterminate loading indicator that screen readers announce as "Loading". */
export function Spinner({
  className,
  label = 'Loading',
  ...props
}: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircleIcon
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-5 animate-spin text-primary', className)}
      {...props}
    />
  )
}

/**
 * Fills the screen while something the whole page depends on loads (the session, a route's code).
 * It fades in after a short delay, so fast loads show nothing instead of a flicker.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      data-slot="full-page-spinner"
      className="fixed inset-0 z-40 flex items-center justify-center bg-background"
    >
      <Spinner
        label={label}
        className="size-7 transition-opacity delay-300 duration-300 starting:opacity-0"
      />
    </div>
  )
}
