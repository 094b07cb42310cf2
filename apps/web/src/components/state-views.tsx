import { CircleAlert, PackageSearch, RefreshCw } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** A failed load: what happened in one line and a way to try again. */
export function ErrorState({
  message = 'We could not load this right now.',
  onRetry,
  className,
}: {
  message?: string
  onRetry?: () => void
  className?: string
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center',
        className,
      )}
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  )
}

/** Nothing to show: an icon, one line and (usually) an action. */
export function EmptyState({
  title,
  icon,
  action,
  className,
  children,
}: {
  title: string
  icon?: React.ReactNode
  action?: React.ReactNode
  className?: string
  children?: React.ReactNode
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center',
        className,
      )}
    >
      {icon ?? <PackageSearch className="size-10 text-muted-foreground" aria-hidden="true" />}
      <p className="font-medium">{title}</p>
      {children}
      {action}
    </div>
  )
}

/** A list or panel on its way: `count` grey rows, announced as `label`. */
export function LoadingRows({
  label,
  count = 6,
  rowClassName = 'h-12',
}: {
  label: string
  count?: number
  rowClassName?: string
}) {
  return (
    <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  )
}

/** A back-office list that failed to load, in one line, with "Try again". */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm font-medium text-destructive"
    >
      {message}{' '}
      <button type="button" className="min-h-11 underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  )
}
