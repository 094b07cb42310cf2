import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, type UploadKind } from '@techbazaar/shared'
import { CloudUploadIcon, ImageIcon, LoaderCircleIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { uploadImage, type UploadFn } from './upload-image'

const ACCEPTED = new Set(UPLOAD_ACCEPT.split(','))
/** The preview keeps the shape the image will be shown at. */
const PREVIEW_BOX: Record<UploadKind, string> = {
  product: 'size-20',
  banner: 'aspect-[3/1] w-40',
  bannerPhone: 'aspect-[4/5] w-20',
  returnPhoto: 'size-20',
  reviewPhoto: 'size-20',
}

interface ImageUploadProps {
  /** The uploaded image's URL ('' when none). */
  value: string
  onChange: (url: string) => void
  /** Reports whether an upload is running, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void
  kind?: UploadKind
  label?: string
  disabled?: boolean
  invalid?: boolean
  /** Replaced in tests; the real one posts to /api/uploads. */
  upload?: UploadFn
  className?: string
}

type State =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; preview: string; percent: number }
  | { status: 'done'; fileName: string }
  | { status: 'error'; message: string }

/**
 * Drag and drop or click to choose one image; it uploads at once (with progress), previews, and
 * can be removed. The server re-checks everything; the checks here only save a wasted upload.
 */
export function ImageUpload({
  value,
  onChange,
  onUploadingChange,
  kind = 'product',
  label = 'Upload Image',
  disabled,
  invalid,
  upload = uploadImage,
  className,
}: ImageUploadProps) {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const abortRef = useRef<AbortController | null>(null)
  const [state, setState] = useState<State>({ status: 'idle' })
  const [dragging, setDragging] = useState(false)

  useEffect(() => () => abortRef.current?.abort(), [])
  useEffect(() => {
    if (state.status !== 'uploading') return
    const preview = state.preview
    return () => URL.revokeObjectURL(preview)
  }, [state])

  const setUploading = (uploading: boolean) => onUploadingChange?.(uploading)

  async function start(file: File | undefined) {
    if (!file || disabled) return
    if (!ACCEPTED.has(file.type)) {
      setState({ status: 'error', message: 'Choose a JPEG, PNG, WebP, AVIF or GIF image.' })
      return
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ status: 'error', message: 'Image is larger than 10 MB' })
      return
    }
    abortRef.current?.abort()
    const controller = new AbortController()
    abortRef.current = controller
    setState({
      status: 'uploading',
      fileName: file.name,
      preview: URL.createObjectURL(file),
      percent: 0,
    })
    setUploading(true)
    try {
      const result = await upload(file, {
        kind,
        signal: controller.signal,
        onProgress: (percent) =>
          setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      })
      onChange(result.url)
      setState({ status: 'done', fileName: file.name })
    } catch (error) {
      if (controller.signal.aborted) return
      setState({
        status: 'error',
        message: error instanceof Error ? error.message : 'Upload failed. Please try again.',
      })
    } finally {
      if (abortRef.current === controller) setUploading(false)
    }
  }

  function remove() {
    abortRef.current?.abort()
    abortRef.current = null
    setUploading(false)
    setState({ status: 'idle' })
    onChange('')
    if (inputRef.current) inputRef.current.value = ''
  }

  const uploading = state.status === 'uploading'
  const showPreview = uploading || Boolean(value)
  const fileName =
    state.status === 'uploading' || state.status === 'done' ? state.fileName : undefined

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <span id={`${inputId}-label`} className="text-sm font-medium">
        {label}
      </span>
      {showPreview ? (
        <div className="flex items-center gap-3 rounded-lg border bg-background p-3">
          <div
            className={cn(
              'relative flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted',
              PREVIEW_BOX[kind],
            )}
          >
            <img
              src={uploading ? state.preview : value}
              alt="Preview of the chosen image"
              className={cn('size-full object-contain', uploading && 'opacity-50')}
            />
            {uploading && (
              <LoaderCircleIcon
                aria-hidden="true"
                className="absolute size-6 animate-spin text-primary"
              />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <p className="truncate text-sm font-medium">{fileName ?? 'Current image'}</p>
            {uploading ? (
              <>
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={state.percent}
                  className="h-2 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-primary transition-[width] duration-200"
                    style={{ width: `${state.percent}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">Uploading… {state.percent}%</p>
              </>
            ) : (
              fileName && <p className="text-xs text-success">Uploaded</p>
            )}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11 shrink-0"
            onClick={remove}
            disabled={disabled}
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Remove file</span>
          </Button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault()
            if (!disabled) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            void start(event.dataTransfer.files[0])
          }}
          className={cn(
            'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed bg-background p-4 text-center transition-colors hover:border-primary/50 hover:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            dragging && 'border-primary bg-primary/5',
            invalid && 'border-destructive/60',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          {kind !== 'product' ? (
            <ImageIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          ) : (
            <CloudUploadIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          )}
          <span className="text-sm font-medium">Drag &amp; drop or click to upload image</span>
          <span className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, AVIF or GIF, up to 10 MB
          </span>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            aria-labelledby={`${inputId}-label`}
            disabled={disabled}
            onChange={(event) => void start(event.target.files?.[0])}
          />
        </label>
      )}
      {state.status === 'error' && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {state.message}
        </p>
      )}
    </div>
  )
}
