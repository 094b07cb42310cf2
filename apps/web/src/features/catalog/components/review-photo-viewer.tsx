import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'

/**
 * A review's photo at full size in a dialog (Escape or the close button leave, focus returns to
 * the thumbnail), with previous and next when the review has more than one.
 */
export function ReviewPhotoViewer({
  photos,
  author,
  index,
  onIndexChange,
  onClose,
}: {
  photos: string[]
  author: string
  index: number
  onIndexChange: (index: number) => void
  onClose: () => void
}) {
  const url = photos[index]
  const many = photos.length > 1
  const step = (by: number) => onIndexChange((index + by + photos.length) % photos.length)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[95dvh] w-[min(95vw,56rem)] max-w-none flex-col gap-3 p-4 sm:p-6">
        <DialogTitle className="pr-10">Photo from {author}</DialogTitle>
        <DialogDescription className={many ? undefined : 'sr-only'}>
          {index + 1} of {photos.length}
        </DialogDescription>
        {url && (
          <img
            src={url}
            alt={`Photo ${index + 1} from ${author}`}
            className="min-h-0 w-full flex-1 rounded-md bg-muted object-contain"
          />
        )}
        {many && (
          <div className="flex justify-between gap-2">
            <Button type="button" variant="outline" className="h-11" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button type="button" variant="outline" className="h-11" onClick={() => step(1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
