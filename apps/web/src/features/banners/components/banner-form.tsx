import { addFeatureBody } from '@techbazaar/shared'
import { LoaderCircleIcon, UploadIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ImageUpload } from '@/components/image-upload/image-upload'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useAddBanner } from '../api/add-banner'
import {
  BannerSettingsFields,
  bodyOf,
  EMPTY_SETTINGS,
  errorsOf,
  type SettingsErrors,
} from './banner-settings'

/** Shows `errors` and moves focus to the first invalid field inside `form` once drawn. */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<SettingsErrors>({})
  const [shownAt, setShownAt] = useState(0)
  useEffect(() => {
    if (shownAt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [shownAt])
  function show(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const next = errorsOf(issues)
    setErrors(next)
    setShownAt((n) => n + 1)
    return Object.keys(next).length > 0
  }
  /** The server's field errors (`link.value`…), else false so the caller toasts its message. */
  function showServer(error: unknown) {
    const fields = error instanceof ApiError ? (error.errors ?? []) : []
    return show(fields.map((e) => ({ path: e.path.split('.'), message: e.message })))
  }
  return { formRef, errors, show, showServer, clear: () => setErrors({}) }
}

/**
 * The admin's new banner: artwork (uploaded when chosen), alt text, where it links, its place in
 * the rotation and when it shows. Checked with the schema the server uses before it is sent.
 */
export function BannerForm({ upload }: { upload?: UploadFn }) {
  const addBanner = useAddBanner()
  const [image, setImage] = useState('')
  const [mobileImage, setMobileImage] = useState('')
  const [settings, setSettings] = useState(EMPTY_SETTINGS)
  const { formRef, errors, show, showServer, clear } = useFieldErrors()
  // Each upload control reports its own progress; Add waits for both.
  const [uploadingWide, setUploadingWide] = useState(false)
  const [uploadingPhone, setUploadingPhone] = useState(false)
  const uploading = uploadingWide || uploadingPhone
  // Bumped after a successful add, so the upload controls start empty again.
  const [formKey, setFormKey] = useState(0)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = addFeatureBody.safeParse({
      image,
      mobileImage: mobileImage || undefined,
      ...bodyOf(settings),
    })
    if (!parsed.success) {
      show(parsed.error.issues)
      return
    }
    clear()
    addBanner.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message)
        setImage('')
        setMobileImage('')
        setSettings(EMPTY_SETTINGS)
        setFormKey((k) => k + 1)
      },
      onError: (error) => {
        if (!showServer(error)) toast.error(messageOf(error, 'Something went wrong'))
      },
    })
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Add a banner"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-5"
    >
      <ImageUpload
        key={`wide-${formKey}`}
        kind="banner"
        upload={upload}
        label="Upload Image"
        value={image}
        onChange={setImage}
        onUploadingChange={setUploadingWide}
      />
      <ImageUpload
        key={`phone-${formKey}`}
        kind="bannerPhone"
        upload={upload}
        label="Phone image (optional)"
        value={mobileImage}
        onChange={setMobileImage}
        onUploadingChange={setUploadingPhone}
      />
      <BannerSettingsFields
        idPrefix="banner"
        draft={settings}
        onChange={setSettings}
        errors={errors}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-end"
        disabled={!image || uploading || addBanner.isPending}
      >
        {addBanner.isPending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <UploadIcon aria-hidden="true" />
        )}
        Add banner
      </Button>
    </form>
  )
}
