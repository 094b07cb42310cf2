import type * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A data table in the back office's quiet, dense style (design.md), in shadcn's parts. The
 * table sits in a bordered box that scrolls sideways on its own, so a wide table never makes
 * the page scroll. Pages that show stacked cards on phones hide the box there through
 * `containerClassName`; `aria-busy` on the box says the rows are being replaced.
 */
export function Table({
  className,
  containerClassName,
  busy,
  ...props
}: React.ComponentProps<'table'> & {
  /** Classes for the scrolling box around the table (its visibility, its background). */
  containerClassName?: string
  /** The next page or filter is loading while the old rows stay. */
  busy?: boolean
}) {
  return (
    <div
      data-slot="table-container"
      className={cn(
        'relative w-full overflow-x-auto rounded-xl border bg-background',
        containerClassName,
      )}
      aria-busy={busy}
    >
      <table data-slot="table" className={cn('w-full text-sm', className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn(
        'border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  )
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('divide-y', className)} {...props} />
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={className} {...props} />
}

/** A column's header unless told otherwise (`scope="row"`), so each cell is read with it. */
export function TableHead({ className, scope = 'col', ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn('px-4 py-3 font-semibold', className)}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-4 py-3', className)} {...props} />
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}
