import { cn } from '@/lib/utils'

/**
 * A row of filters that look like tabs: toggle buttons (one pressed), which a keyboard reaches
 * with Tab and a screen reader announces as "pressed". The list below is their result, so the
 * ARIA tabs pattern (panels, arrow keys) would promise more than there is.
 */
export function FilterTabs<F extends string>({
  label,
  filters,
  labels,
  value,
  onChange,
}: {
  /** What the row chooses ("Show returns"). */
  label: string
  filters: readonly F[]
  labels: Record<F, string>
  value: F
  onChange: (next: F) => void
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex w-full gap-1 overflow-x-auto border-b sm:w-fit"
    >
      {filters.map((filter) => {
        const active = filter === value
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter)}
            className={cn(
              '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              active
                ? 'border-primary text-primary'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {labels[filter]}
          </button>
        )
      })}
    </div>
  )
}
