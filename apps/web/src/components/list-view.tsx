import type * as React from 'react'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'

export interface Column<T> {
  header: string
  cell: (row: T) => React.ReactNode
  className?: string
}

/**
 * A back-office list as a dense table on wide screens and stacked cards below (down to 360 px),
 * both read from the same columns. A flagged row (overdue, failed) is tinted red in both.
 */
export function ListView<T>({
  caption,
  columns,
  rows,
  rowKey,
  flagged = () => false,
  actions,
  busy = false,
}: {
  /** Names the table and the card list for screen readers. */
  caption: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  flagged?: (row: T) => boolean
  /** The row's buttons, or null when it has none; a list without any has no actions column. */
  actions?: (row: T) => React.ReactNode
  /** The next page or filter is loading (the old rows stay meanwhile). */
  busy?: boolean
}) {
  return (
    <>
      <Table containerClassName="hidden xl:block" busy={busy}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map(({ header }) => (
              <TableHead key={header}>{header}</TableHead>
            ))}
            {actions && (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              className={cn('align-top', flagged(row) && 'bg-destructive/5')}
            >
              {columns.map(({ header, cell, className }) => (
                <TableCell key={header} className={cn('max-w-64', className)}>
                  {cell(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell>
                  <div className="flex flex-col items-stretch gap-2">{actions(row)}</div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label={caption} aria-busy={busy}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className={cn(
              'flex min-w-0 flex-col gap-3 rounded-xl border bg-background p-4',
              flagged(row) && 'border-destructive/40',
            )}
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              {columns.map(({ header, cell, className }) => (
                <div key={header} className="contents">
                  <dt className="text-muted-foreground">{header}</dt>
                  <dd className={cn('min-w-0', className)}>{cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="flex flex-wrap gap-2 empty:hidden">{actions(row)}</div>}
          </li>
        ))}
      </ul>
    </>
  )
}
