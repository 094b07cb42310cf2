import { type AdminFeatureImage, updateFeatureBody } from '@techbazaar/shared'
import { PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useUpdateBanner } from '../api/update-banner'
import { useFieldErrors } from './banner-form'
import { BannerSettingsFields, bodyOf, draftOf } from './banner-settings'

/** Changes a banner's alt text, link, order, start or end; its images stay. */
export function BannerEditDialog({ banner, name }: { banner: AdminFeatureImage; name: string }) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => draftOf(banner))
  const update = useUpdateBanner()
  const { formRef, errors, show, showServer, clear } = useFieldErrors()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const body = bodyOf(draft)
    // An emptied order keeps the banner's place (there is no "last" for one already placed).
    const parsed = updateFeatureBody.safeParse({
      ...body,
      sortOrder: body.sortOrder ?? banner.sortOrder,
    })
    if (!parsed.success) {
      show(parsed.error.issues)
      return
    }
    clear()
    update.mutate(
      { id: banner._id, body: parsed.data },
      {
        onSuccess: (response) => {
          toast.success(response.message)
          setOpen(false)
        },
        onError: (error) => {
          if (!showServer(error)) toast.error(messageOf(error, 'Something went wrong'))
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(draftOf(banner))
        clear()
        setOpen(next)
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 shrink-0">
          <PencilIcon aria-hidden="true" />
          Edit<span className="sr-only"> {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit banner</DialogTitle>
          <DialogDescription>{name}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <BannerSettingsFields
            idPrefix={`edit-${banner._id}`}
            draft={draft}
            onChange={setDraft}
            errors={errors}
          />
          <DialogFooter>
            <Button type="submit" size="lg" disabled={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
