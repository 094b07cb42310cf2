import type * as React from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * The one toast outlet. The shop shows one toast at a time, and every toast goes away by itself
 * (the original kept them for 1,000,000 ms, which was a bug). At the bottom (issue 31.5): at the
 * top they covered the header's logo, cart and menu, what a shopper reaches for after "added to
 * cart". No page keeps a bar at the bottom; on phones sonner spans the width there, on wider
 * screens the corner stays clear of the page's content.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      duration={4000}
      richColors
      className="toaster group"
      toastOptions={{ classNames: { toast: 'font-sans' } }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // sonner's rich-colour text is 4.3:1 on its tinted backgrounds; darker for WCAG AA.
          '--success-text': 'hsl(140, 100%, 22%)',
          '--error-text': 'hsl(360, 100%, 38%)',
        } as React.CSSProperties
      }
      {...props}
    />
  )
}
