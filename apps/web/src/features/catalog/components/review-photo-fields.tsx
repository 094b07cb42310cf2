import { LIMITS } from '@techbazaar/shared'
import { ImageUpload } from '@/components/image-upload/image-upload'

interface ReviewPhotoFieldsProps {
  photos: string[]
  onChange: (photos: string[]) => void
  onUploadingChange: (uploading: boolean) => void
  error?: string
  disabled?: boolean
}

/**
 * Up to three photos of the product as the shopper got it: each uploaded one can be removed, and
 * one empty slot offers the next until three are attached (as a return's photos).
 */
export function ReviewPhotoFields({
  photos,
  onChange,
  onUploadingChange,
  error,
  disabled,
}: ReviewPhotoFieldsProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">
        Photos (optional, up to {LIMITS.reviewMaxPhotos})
      </legend>
      {photos.map((url, i) => (
        <ImageUpload
          key={url}
          kind="reviewPhoto"
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
      {photos.length < LIMITS.reviewMaxPhotos && (
        <ImageUpload
          // A fresh slot after each upload: the one that just uploaded becomes the photo above.
          key={`next-${photos.length}`}
          kind="reviewPhoto"
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
