import { useRef, useState } from 'react'

/**
 * State for a sheet whose code is split off the first paint: the sheet mounts on the first open
 * and stays mounted so it can animate closed and keep its state. Its code starts loading when
 * the pointer or the focus comes to the trigger, so the first tap rarely waits (page budget,
 * issue 7). Spread `triggerProps` on the button; pass `triggerRef` to the sheet so focus
 * returns to the button on close.
 */
export function useLazySheet(preload: () => unknown) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const load = () => void preload()
  const triggerProps = {
    ref: triggerRef,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: load,
    onFocus: load,
    onClick: () => {
      setMounted(true)
      setOpen(true)
    },
  }
  return { open, setOpen, mounted, triggerRef, triggerProps }
}
