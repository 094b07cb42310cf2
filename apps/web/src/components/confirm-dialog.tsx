import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'

/**
 * "Are you sure?" before an action with consequences (run payouts, approve, release a hold). It
 * stays open while the action is on its way: the caller closes it when the server answers.
 * Focus starts on Cancel; on closing it goes where `returnFocus` says: the button that opened
 * it, or, when the action took that button away, something that stays (the page's heading).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  destructive = false,
  onConfirm,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: React.ReactNode
  confirmLabel: string
  /** What the confirming button says while the action is on its way ("Approving…"). */
  busyLabel: string
  busy: boolean
  destructive?: boolean
  onConfirm: () => void
  returnFocus: () => HTMLElement | null | undefined
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus()
          if (!target) return
          event.preventDefault()
          target.focus()
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={(event) => {
              // Stay open until the server answers.
              event.preventDefault()
              onConfirm()
            }}
          >
            {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** The first of `elements` still on the page: where the focus can go back to. */
export function stillThere(...elements: (HTMLElement | null | undefined)[]) {
  return elements.find((element) => element?.isConnected)
}
