import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { DocumentTitle } from '@/components/document-title'

/** A page that is only a message: an icon, a heading, a line and what to do next. */
export function MessagePage({
  icon: Icon,
  title,
  tone = 'neutral',
  children,
  actions,
}: {
  icon: LucideIcon
  title: string
  tone?: 'neutral' | 'error' | 'success'
  children?: React.ReactNode
  actions?: React.ReactNode
}) {
  const toneClass = {
    neutral: 'bg-primary/10 text-primary',
    error: 'bg-destructive/10 text-destructive',
    success: 'bg-success/10 text-success',
  }[tone]
  return (
    <div className="mx-auto flex min-h-[60dvh] w-full max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <DocumentTitle>{`${title} | TechBazaar`}</DocumentTitle>
      <span className={`flex size-16 items-center justify-center rounded-full ${toneClass}`}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance first-letter:uppercase sm:text-3xl">
        {title}
      </h1>
      {children && <div className="text-muted-foreground">{children}</div>}
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  )
}
