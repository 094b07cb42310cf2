import type { UploadKind } from '@techbazaar/shared'
import { ImageUpload } from '@/components/image-upload/image-upload'

interface PhotoSlotsProps {
  /** What the photos are for: the upload's kind (its size and where it is stored). */
  kind: UploadKind
  /** Most photos the list may hold. */
  max: number
  photos: string[]
  onChange: (photos: string[]) => void
  onUploadingChange: (uploading: boolean) => void
  error?: string
  disabled?: boolean
}

/**
 * Up to `max` optional photos (a review's, a return's): each uploaded one can be removed, and one
 * empty slot offers the next until `max` are attached.
 */
export function PhotoSlots({
  kind,
  max,
  photos,
  onChange,
  onUploadingChange,
  error,
  disabled,
}: PhotoSlotsProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Photos (optional, up to {max})</legend>
      {photos.map((url, i) => (
        <ImageUpload
          key={url}
          kind={kind}
          label={`Photo ${i + 1}`}
          value={url}
          disabled={disabled}
          // Removing the photo (the only change an uploaded slot makes) drops it from the list.
          onChange={(next) =>
            onChange(
              next ? photos.map((p) => (p === url ? next : p)) : photos.filter((p) => p !== url),
            )
          }
        />
      ))}
      {photos.length < max && (
        <ImageUpload
          // A fresh slot after each upload: the one that just uploaded becomes the photo above.
          key={`next-${photos.length}`}
          kind={kind}
          label={`Photo ${photos.length + 1}`}
          value=""
          disabled={disabled}
          invalid={Boolean(error)}
          onUploadingChange={onUploadingChange}
          onChange={(url) => url && onChange([...photos, url])}
        />
      )}
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </fieldset>
  )
}
