import { CircleAlert, PackageSearch, RefreshCw } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
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
