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
