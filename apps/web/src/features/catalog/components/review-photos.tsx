import { lazy, Suspense, useState } from 'react'

const ReviewPhotoViewer = lazy(() =>
  import('./review-photo-viewer').then((module) => ({ default: module.ReviewPhotoViewer })),
)

/** A review photo's stored thumbnail (the upload path's `-320` variant beside the main WebP). */
export const photoThumbnail = (url: string) => url.replace(/\.webp$/, '-320.webp')

/**
 * A review's photos as small squares; one opens the larger view, which (with the dialog library
 * it brings) is downloaded only when a shopper first opens a photo.
 */
export function ReviewPhotos({ photos, author }: { photos: string[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null)
  if (photos.length === 0) return null
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={`Photos from ${author}`}>
        {photos.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block size-20 overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <img
                src={photoThumbnail(url)}
                alt={`Photo ${index + 1} from ${author}, open larger`}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <ReviewPhotoViewer
            photos={photos}
            author={author}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  )
}
