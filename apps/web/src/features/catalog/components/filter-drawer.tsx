import { SlidersHorizontal } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

/**
 * The filters below the large screens' sidebar width: a Filters button (with the active count)
 * that opens them in a drawer from the left, changes applying at once.
 */
export function FilterDrawer({
  activeCount,
  total,
  onClear,
  children,
}: {
  activeCount: number
  /** The filtered catalog's count, once known, for the drawer's Show button. */
  /** The listing's count as shown ("10,000+", decision 099). */
  total: string | undefined
  onClear: () => void
  /** The filter panel. */
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 lg:hidden">
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeCount > 0 && (
            <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {activeCount}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent side="left" className="gap-0">
        <div className="border-b px-4 py-4 pr-14">
          <DialogTitle>Filters</DialogTitle>
          <DialogDescription className="sr-only">
            Changes apply to the list straight away.
          </DialogDescription>
        </div>
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
        <div className="flex gap-2 border-t p-4">
          <Button
            variant="outline"
            className="h-11 flex-1"
            onClick={onClear}
            disabled={activeCount === 0}
          >
            Clear all
          </Button>
          <Button className="h-11 flex-1" onClick={() => setOpen(false)}>
            {total == null ? 'Show products' : `Show ${total} products`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
