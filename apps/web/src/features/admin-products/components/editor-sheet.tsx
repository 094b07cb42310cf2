import type { AdminProduct } from '@techbazaar/shared'
import type * as React from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** What the page hands a product's or a family's side panel. */
export interface EditorSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Set when editing: the product (for a family, one of its variants) the form is filled from. */
  product?: AdminProduct
  /** Changes on every open, so the form starts afresh (closing resets it). */
  formKey: number
}

interface EditorSheetShellProps extends Pick<EditorSheetProps, 'open' | 'onOpenChange'> {
  title: string
  description: string
  /** The panel's width (and anything else its content needs). */
  className?: string
  /** Classes added to the scrolling body. */
  bodyClassName?: string
  children: React.ReactNode
}

/** The right-hand panel a product form opens in: a titled header over a scrolling body. */
export function EditorSheetShell({
  open,
  onOpenChange,
  title,
  description,
  className,
  bodyClassName,
  children,
}: EditorSheetShellProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right" className={cn('gap-0', className)}>
        <DialogHeader className="border-b px-5 py-4 pr-14">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className={cn('flex-1 overflow-y-auto px-5 py-5', bodyClassName)}>{children}</div>
      </DialogContent>
    </Dialog>
  )
}

/** The form's outline while what it needs loads: one bar per `heights` class, in order. */
export function EditorSheetSkeleton({ heights }: { heights: readonly string[] }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {heights.map((height, i) => (
        <Skeleton key={i} className={cn(height, 'w-full')} />
      ))}
    </div>
  )
}
