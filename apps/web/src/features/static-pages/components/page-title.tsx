import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'
import { DocumentTitle } from '@/components/document-title'

export const containerWidths = {
  /** Policies: a contents column beside a ~768 px reading column. */
  reading: 'max-w-6xl',
  /** About and Contact: the shop's full content width. */
  wide: 'max-w-7xl',
} as const

export function pageContainer(width: keyof typeof containerWidths = 'wide') {
  return cn('mx-auto w-full px-4 sm:px-6 lg:px-8', containerWidths[width])
}

interface PageTitleProps {
  eyebrow: string
  eyebrowIcon: LucideIcon
  title: string
  description: React.ReactNode
  meta?: React.ReactNode
  width?: keyof typeof containerWidths
  children?: React.ReactNode
}

/** The band at the top of every static page: the page's only h1, plus the tab title. */
export function PageTitle({
  eyebrow,
  eyebrowIcon: Icon,
  title,
  description,
  meta,
  width = 'reading',
  children,
}: PageTitleProps) {
  return (
    <header className="border-b bg-linear-to-b from-accent/80 via-accent/30 to-background">
      <DocumentTitle>{`${title} | TechBazaar`}</DocumentTitle>
      <div className={cn(pageContainer(width), 'py-10 sm:py-12 lg:py-14')}>
        <p className="inline-flex items-center gap-1.5 rounded-full border border-primary/15 bg-background/80 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
          <Icon className="size-3.5" aria-hidden="true" />
          {eyebrow}
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <div className="mt-3 max-w-2xl text-base leading-7 text-pretty text-muted-foreground sm:text-lg sm:leading-8">
          {description}
        </div>
        {meta && <div className="mt-4">{meta}</div>}
        {children}
      </div>
    </header>
  )
}
