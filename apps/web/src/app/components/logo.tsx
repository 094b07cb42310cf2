import { Link } from 'react-router'
import { cn } from '@/lib/utils'

/** The bag mark from the favicon, so the tab and the page carry the same sign. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M18 22h28l-3 20H21z"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M25 22a7 7 0 0 1 14 0"
        fill="none"
        className="stroke-deal"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** Wordmark and mark, linking home. */
export function Logo({
  to = '/',
  className,
  label,
}: {
  to?: string
  className?: string
  /** Extra text after the wordmark, e.g. "Seller" or "Admin". */
  label?: string
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <LogoMark />
      <span>
        Tech<span className="text-primary">Bazaar</span>
        {label && <span className="ml-1.5 font-medium text-muted-foreground">{label}</span>}
      </span>
    </Link>
  )
}
