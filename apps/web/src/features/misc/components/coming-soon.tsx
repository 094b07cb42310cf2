import type { LucideIcon } from 'lucide-react'
import { ConstructionIcon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'

/**
 * A screen whose heading is final but whose content ships in a later release: the real
 * heading, then one honest line in a quiet panel. Replace the whole page when the screen lands.
 */
export function ComingSoon({
  title,
  description = 'This screen is on its way and will be available shortly.',
  icon: Icon = ConstructionIcon,
  children,
  className,
  container = true,
}: {
  title: string
  description?: string
  icon?: LucideIcon
  children?: React.ReactNode
  className?: string
  /** Shop pages centre themselves at the content width; admin pages already sit in a padded main. */
  container?: boolean
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn(
        'flex w-full flex-col gap-6',
        container && 'mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8',
        className,
      )}
    >
      <title>{`${title} | TechBazaar`}</title>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-background px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md text-muted-foreground">{description}</p>
        {children}
      </div>
    </section>
  )
}
