import { PRODUCT_IMAGES_MAX } from '@techbazaar/shared'
import { ChevronLeft, ChevronRight, XIcon } from 'lucide-react'
import { ImageUpload } from '@/components/image-upload/image-upload'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { cn } from '@/lib/utils'

/** `urls` with the one at `from` moved to `to`; the others keep their order. */
export function moveImage(urls: readonly string[], from: number, to: number): string[] {
  if (to < 0 || to >= urls.length || from === to) return [...urls]
  const next = [...urls]
  const [moved] = next.splice(from, 1)
  if (moved !== undefined) next.splice(to, 0, moved)
  return next
}

const tileButton =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent'

interface ProductImagesFieldProps {
  /** The product's images in order, the cover first. */
  value: readonly string[]
  onChange: (urls: string[]) => void
  onUploadingChange?: (uploading: boolean) => void
  invalid?: boolean
  disabled?: boolean
  upload?: UploadFn
}

/**
 * The product form's images (decision 091): up to 8, in order, the first the cover that
 * listings, carts and invoices show. Each uploads on its own; the buttons move one left or
 * right, or remove it. They stay focusable at the ends (aria-disabled), so a keyboard user
 * moving an image to the front keeps the focus on it.
 */
export function ProductImagesField({
  value,
  onChange,
  onUploadingChange,
  invalid,
  disabled,
  upload,
}: ProductImagesFieldProps) {
  const count = value.length
  const full = count >= PRODUCT_IMAGES_MAX
  const move = (from: number, to: number) => {
    if (!disabled && to >= 0 && to < count) onChange(moveImage(value, from, to))
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium">Images</span>
        <span className="tabular text-xs text-muted-foreground">
          {count} of {PRODUCT_IMAGES_MAX} · the first is the cover
        </span>
      </div>
      {count > 0 && (
        <ol className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3" aria-label="Product images">
          {value.map((url, i) => (
            <li
              key={url}
              className={cn(
                'flex flex-col gap-1 rounded-lg border bg-background p-2',
                i === 0 && 'border-primary',
              )}
            >
              <div className="relative flex aspect-square items-center justify-center overflow-hidden rounded-md bg-muted">
                <img
                  src={url}
                  alt={`Image ${i + 1} of ${count}${i === 0 ? ' (cover)' : ''}`}
                  className="size-full object-contain"
                />
                {i === 0 && (
                  <span className="absolute top-1 left-1 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">
                    Cover
                  </span>
                )}
              </div>
              <div className="flex items-center justify-between">
                <button
                  type="button"
                  className={tileButton}
                  aria-disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move image ${i + 1} left`}
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={cn(tileButton, 'hover:text-destructive')}
                  aria-disabled={disabled}
                  onClick={() => !disabled && onChange(value.filter((_, j) => j !== i))}
                  aria-label={`Remove image ${i + 1}`}
                >
                  <XIcon className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={tileButton}
                  aria-disabled={disabled || i === count - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move image ${i + 1} right`}
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {full ? (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          A product can have at most {PRODUCT_IMAGES_MAX} images. Remove one to add another.
        </p>
      ) : (
        <ImageUpload
          // A fresh drop zone after each upload: the new image shows in the list above.
          key={count}
          value=""
          onChange={(url) => url && onChange([...value, url])}
          onUploadingChange={onUploadingChange}
          label={count === 0 ? 'Upload Image' : 'Upload another image'}
          invalid={invalid}
          disabled={disabled}
          upload={upload}
        />
      )}
    </div>
  )
}
