import { addFeatureBody } from '@techbazaar/shared'
import { LoaderCircleIcon, UploadIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ImageUpload } from '@/components/image-upload/image-upload'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useAddBanner } from '../api/add-banner'
import { BannerLinkFields, EMPTY_LINK, linkOf, type LinkDraft } from './banner-link-fields'

type Errors = Partial<
  Record<'title' | 'kind' | 'target' | 'sortOrder' | 'startsAt' | 'endsAt', string>
>

/** A field of the shared schema (or the server's error path) → the form field showing it. */
function fieldOf(path: readonly PropertyKey[]): keyof Errors | undefined {
  const [head, second] = path.map(String)
  if (head === 'link') return second && second !== 'kind' ? 'target' : 'kind'
  if (head === 'title' || head === 'sortOrder' || head === 'startsAt' || head === 'endsAt')
    return head
  return undefined
}

/** `datetime-local`'s "2026-12-01T09:30" (this browser's time) as an instant; '' is none. */
const instant = (local: string) => (local ? new Date(local).toISOString() : null)

/**
 * The admin's new banner: artwork (uploaded when chosen), alt text, where it links, its place in
 * the rotation and when it shows. Checked with the schema the server uses before it is sent.
 */
export function BannerForm({ upload }: { upload?: UploadFn }) {
  const addBanner = useAddBanner()
  const [image, setImage] = useState('')
  const [mobileImage, setMobileImage] = useState('')
  const [title, setTitle] = useState('')
  const [link, setLink] = useState<LinkDraft>(EMPTY_LINK)
  const [sortOrder, setSortOrder] = useState('')
  const [startsAt, setStartsAt] = useState('')
  const [endsAt, setEndsAt] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  // Bumped when errors are shown: the first invalid field then takes focus.
  const [shownAt, setShownAt] = useState(0)
  useEffect(() => {
    if (shownAt === 0) return
    document.querySelector<HTMLElement>('[data-banner-form] [aria-invalid="true"]')?.focus()
  }, [shownAt])
  // Each upload control reports its own progress; Add waits for both.
  const [uploadingWide, setUploadingWide] = useState(false)
  const [uploadingPhone, setUploadingPhone] = useState(false)
  const uploading = uploadingWide || uploadingPhone
  // Bumped after a successful add, so the form starts empty again.
  const [formKey, setFormKey] = useState(0)

  function reset() {
    setImage('')
    setMobileImage('')
    setTitle('')
    setLink(EMPTY_LINK)
    setSortOrder('')
    setStartsAt('')
    setEndsAt('')
    setErrors({})
    setFormKey((k) => k + 1)
  }

  function show(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const next: Errors = {}
    for (const issue of issues) {
      const field = fieldOf(issue.path)
      if (field && !next[field]) next[field] = issue.message
    }
    setErrors(next)
    setShownAt((n) => n + 1)
    return Object.keys(next).length > 0
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const body = {
      image,
      mobileImage: mobileImage || undefined,
      title,
      link: linkOf(link),
      sortOrder: sortOrder.trim() === '' ? undefined : sortOrder,
      startsAt: instant(startsAt),
      endsAt: instant(endsAt),
    }
    const parsed = addFeatureBody.safeParse(body)
    if (!parsed.success) {
      show(parsed.error.issues)
      return
    }
    setErrors({})
    addBanner.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message)
        reset()
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.errors ?? []) : []
        const shown = show(fields.map((e) => ({ path: e.path.split('.'), message: e.message })))
        if (!shown) toast.error(messageOf(error, 'Something went wrong'))
      },
    })
  }

  return (
    <form
      key={formKey}
      data-banner-form
      noValidate
      aria-label="Add a banner"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-5"
    >
      <ImageUpload
        kind="banner"
        upload={upload}
        label="Upload Image"
        value={image}
        onChange={setImage}
        onUploadingChange={setUploadingWide}
      />
      <ImageUpload
        kind="bannerPhone"
        upload={upload}
        label="Phone image (optional)"
        value={mobileImage}
        onChange={setMobileImage}
        onUploadingChange={setUploadingPhone}
      />
      <FormField
        id="banner-title"
        label="Alt text"
        description="What the banner says, for screen readers and when the image cannot load."
        maxLength={120}
        placeholder="e.g. Big Tech Days — up to 40% off phones"
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <BannerLinkFields draft={link} onChange={setLink} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id="banner-order"
          label="Order (optional)"
          description="Lower shows first; empty: last."
          inputMode="numeric"
          value={sortOrder}
          error={errors.sortOrder}
          onChange={(event) => setSortOrder(event.target.value)}
        />
        <FormField
          id="banner-starts"
          type="datetime-local"
          label="Start (optional)"
          description="Empty: at once."
          value={startsAt}
          error={errors.startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <FormField
          id="banner-ends"
          type="datetime-local"
          label="End (optional)"
          description="Empty: until deleted."
          value={endsAt}
          error={errors.endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
        />
      </div>
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
