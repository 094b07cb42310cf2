import { GST_STATES } from '@techbazaar/shared'
import type * as React from 'react'
import { cn } from '@/lib/utils'

type StateOption = readonly [code: string, name: string]

const ALL_STATES: readonly StateOption[] = Object.entries(GST_STATES).sort(([, a], [, b]) =>
  a.localeCompare(b),
)

export interface StateSelectProps extends React.ComponentProps<'select'> {
  /** The states to offer, in order (default: every GST state by name). */
  states?: readonly StateOption[]
}

/**
 * A GST state picker for address forms, with a "Select State" placeholder. A native select: the
 * phone's own picker for 36 names, and react-hook-form's `register()` works on it as on an input.
 */
export function StateSelect({ states = ALL_STATES, className, ...props }: StateSelectProps) {
  return (
    <select
      data-slot="state-select"
      className={cn(
        'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <option value="">Select State</option>
      {states.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  )
}
