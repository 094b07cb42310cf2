import type * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * One report on a page (a statement, a return): its heading and what it is, its controls (a
 * period, a CSV link) beside them on wide screens and under them on phones, then its body.
 */
export function ReportSection({
  id,
  title,
  description,
  controls,
  children,
  className,
}: {
  /** The heading's id: the section is named by it. */
  id: string
  title: string
  description?: React.ReactNode
  controls?: React.ReactNode
  children: React.ReactNode
  className?: string
}) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex max-w-3xl min-w-0 flex-col gap-1 lg:flex-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </div>
        {controls && (
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            {controls}
          </div>
        )}
      </div>
      {children}
    </section>
  )
}

export interface Figure {
  label: string
  value: React.ReactNode
  /** A line under the value: as of when, what it holds. */
  note?: React.ReactNode
}

/** A report's headline figures (balances, totals) as labelled cards, as many to a row as fit. */
export function ReportFigures({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="flex flex-col gap-0.5 rounded-xl border bg-background p-4"
        >
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="tabular text-lg font-bold break-words">{figure.value}</dd>
          {figure.note && <dd className="text-xs text-muted-foreground">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  )
}
