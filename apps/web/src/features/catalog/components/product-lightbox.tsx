import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react'
import { useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { cn } from '@/lib/utils'
import { imageAlt, stepIndex } from '../lib/gallery'
import { useSwipe } from '../lib/swipe'

const roundButton =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full border bg-background text-foreground shadow-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50'

interface ProductLightboxProps {
  images: readonly string[]
  title: string
  /** The image shown; the gallery's, so closing leaves the gallery where the zoom was. */
  index: number
  onIndexChange: (index: number) => void
  onClose: () => void
}

/**
 * The gallery's zoom (loaded on demand): the image as large as the screen allows, magnified
 * twice under the pointer on a click or with the Zoom button, and the same previous/next
 * buttons, arrow keys and swipes as the gallery.
 */
export function ProductLightbox({
  images,
  title,
  index,
  onIndexChange,
  onClose,
}: ProductLightboxProps) {
  const count = images.length
  const [magnified, setMagnified] = useState(false)
  // Where the magnified image is anchored, in percent of the image's box (the pointer's spot).
  const [origin, setOrigin] = useState({ x: 50, y: 50 })
  const image = images[index] ?? images[0] ?? ''
  const go = (step: number) => {
    setMagnified(false)
    onIndexChange(stepIndex(index, step, count))
  }
  const swipe = useSwipe((step) => !magnified && count > 1 && go(step))

  function aim(event: React.MouseEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    // A click from the keyboard (detail 0) has no pointer spot: the middle.
    if (event.detail === 0 || !box.width || !box.height) return setOrigin({ x: 50, y: 50 })
    setOrigin({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    })
  }

  function onKeyDown(event: React.KeyboardEvent) {
    // Handled here, not again by the gallery the portal's events bubble to in React's tree.
    event.stopPropagation()
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return
    event.preventDefault()
    go(event.key === 'ArrowRight' ? 1 : -1)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="flex h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-3 p-4 sm:p-6"
        onKeyDown={onKeyDown}
      >
        <DialogTitle className="pr-12 text-base">{title}</DialogTitle>
        <DialogDescription className="sr-only">
          Click the image or use Zoom to magnify it; arrow keys show the other images.
        </DialogDescription>
        <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg bg-muted/70">
          <button
            type="button"
            aria-label={magnified ? 'Zoom out' : 'Zoom in'}
            className={cn(
              'size-full touch-pan-y outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
              magnified ? 'cursor-zoom-out' : 'cursor-zoom-in',
            )}
            onClick={(event) => {
              if (swipe.swiped()) return
              aim(event)
              setMagnified((on) => !on)
            }}
            onPointerMove={(event) => magnified && aim(event)}
            {...swipe.handlers}
          >
            <img
              key={image}
              src={image}
              alt={imageAlt(title, index, count)}
              width={640}
              height={640}
              draggable={false}
              style={{ transformOrigin: `${origin.x}% ${origin.y}%` }}
              className={cn(
                'size-full object-contain mix-blend-multiply transition-transform duration-200 select-none motion-reduce:transition-none',
                magnified && 'scale-[2.5]',
              )}
            />
          </button>
        </div>
        <div className="flex items-center justify-center gap-3">
          <button
            type="button"
            className={roundButton}
            onClick={() => go(-1)}
            disabled={count < 2}
            aria-label="Previous image"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <p
            className="tabular min-w-16 text-center text-sm text-muted-foreground"
            aria-live="polite"
          >
            {index + 1} / {count}
          </p>
          <button
            type="button"
            className={roundButton}
            onClick={() => go(1)}
            disabled={count < 2}
            aria-label="Next image"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={roundButton}
            onClick={() => setMagnified((on) => !on)}
            aria-pressed={magnified}
            aria-label="Magnify"
          >
            {magnified ? (
              <ZoomOut className="size-5" aria-hidden="true" />
            ) : (
              <ZoomIn className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
