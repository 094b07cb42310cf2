import { ChevronLeft, ChevronRight } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { productImageSrcSet } from '@/lib/catalog/images'
import { cn } from '@/lib/utils'
import { imageAlt, stepIndex } from '../lib/gallery'
import { useSwipe } from '../lib/swipe'

// The zoom is only needed once a shopper asks for it: its own chunk, fetched on the first hover,
// focus or tap of the image, so the product page's first visit does not carry it.
const loadLightbox = () => import('./product-lightbox')
const ProductLightbox = lazy(() =>
  loadLightbox().then((module) => ({ default: module.ProductLightbox })),
)

const roundButton =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm transition-colors outline-none hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60'

interface ProductGalleryProps {
  /** The product's images in order, the cover first (at least one). */
  images: readonly string[]
  title: string
  /** The main image's rendered widths, for its srcset. */
  sizes: string
  /** The page's largest image (LCP): fetched before anything else. */
  priority?: boolean
  /** Shown over the image's box, top left (Sale, Out of stock). */
  badges?: React.ReactNode
  /** The image box's shape and corners where the gallery sits. */
  boxClassName?: string
}

/**
 * A product's images: the main one with previous/next buttons, arrow keys, a swipe on touch
 * screens and thumbnails below; a click or tap opens the zoom (decision 091). The server renders
 * the first image, so the page's LCP does not wait for this code.
 */
export function ProductGallery({
  images,
  title,
  sizes,
  priority,
  badges,
  boxClassName,
}: ProductGalleryProps) {
  const count = images.length
  const [selected, setSelected] = useState(0)
  const [zoomed, setZoomed] = useState(false)
  // The list may shrink under it (a placeholder's cover, then the detail's gallery).
  const index = Math.min(selected, count - 1)
  const image = images[index] ?? images[0] ?? ''
  const go = (step: number) => setSelected(stepIndex(index, step, count))
  const swipe = useSwipe((step) => count > 1 && go(step))

  function onKeyDown(event: React.KeyboardEvent) {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return
    event.preventDefault()
    go(event.key === 'ArrowRight' ? 1 : -1)
  }

  return (
    <div
      role="group"
      aria-roledescription="gallery"
      aria-label={`Images of ${title}`}
      className="flex min-w-0 flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div
        className={cn('relative flex aspect-square flex-col gap-3 bg-muted/70 p-6', boxClassName)}
      >
        {badges}
        <button
          type="button"
          aria-label={count > 1 ? `Zoom image ${index + 1} of ${count}` : 'Zoom image'}
          className="flex min-h-0 flex-1 cursor-zoom-in touch-pan-y items-center justify-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          onPointerEnter={() => void loadLightbox()}
          onFocus={() => void loadLightbox()}
          onClick={() => !swipe.swiped() && setZoomed(true)}
          {...swipe.handlers}
        >
          <img
            // A new element per image: the old one's pixels never show under the new alt text.
            key={image}
            src={image}
            srcSet={productImageSrcSet(image)}
            sizes={sizes}
            alt={imageAlt(title, index, count)}
            width={640}
            height={640}
            fetchPriority={priority && index === 0 ? 'high' : undefined}
            draggable={false}
            className="size-full object-contain mix-blend-multiply select-none"
          />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className={cn(roundButton, 'left-2')}
              onClick={() => go(-1)}
              aria-label="Previous image"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={cn(roundButton, 'right-2')}
              onClick={() => go(1)}
              aria-label="Next image"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <p className="sr-only" aria-live="polite">
              Image {index + 1} of {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1" aria-label="Thumbnails">
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setSelected(i)}
                className={cn(
                  'flex size-14 cursor-pointer items-center justify-center rounded-md border-2 bg-muted/70 p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:size-16',
                  i === index ? 'border-primary' : 'border-transparent hover:border-border',
                )}
              >
                <img
                  src={url}
                  srcSet={productImageSrcSet(url)}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-full object-contain mix-blend-multiply"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed && (
        <Suspense fallback={null}>
          <ProductLightbox
            images={images}
            title={title}
            index={index}
            onIndexChange={setSelected}
            onClose={() => setZoomed(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
