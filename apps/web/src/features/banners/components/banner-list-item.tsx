import { BANNER_LINK_KIND_LABELS, type AdminFeatureImage } from '@techbazaar/shared'
import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useDeleteBanner } from '../api/delete-banner'
import { BannerEditDialog } from './banner-edit-dialog'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  })

/** "Live", "From 1 Dec 2026, 9:30 am" or "Ended": what the home page does with it now. */
function status(banner: AdminFeatureImage) {
  if (banner.live) return { label: 'Live', variant: 'success' as const }
  if (banner.endsAt && Date.parse(banner.endsAt) <= Date.now())
    return { label: 'Ended', variant: 'outline' as const }
  return { label: `From ${when(banner.startsAt!)}`, variant: 'secondary' as const }
}

function linkText(banner: AdminFeatureImage): string {
  if (!banner.link) return 'No link'
  if (!banner.href) return `${BANNER_LINK_KIND_LABELS[banner.link.kind]}, no longer listed`
  return `Links to ${banner.href}`
}

/** One banner in the admin's list; deleting a live one asks first (shoppers see it now). */
export function BannerListItem({ banner, index }: { banner: AdminFeatureImage; index: number }) {
  const deleteBanner = useDeleteBanner()
  const [confirming, setConfirming] = useState(false)
  const name = banner.title ?? `Banner ${index + 1}`
  const state = status(banner)

  function remove() {
    deleteBanner.mutate(banner._id, {
      onSuccess: (response) => {
        setConfirming(false)
        toast.success(response.message)
      },
      onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
    })
  }

  return (
    <li className="overflow-hidden rounded-xl border bg-background">
      <div className="flex gap-2 bg-muted">
        <img
          src={banner.image}
          alt={name}
          loading="lazy"
          className="aspect-[3/1] min-w-0 flex-1 object-cover"
        />
        {banner.mobileImage && (
          <img
            src={banner.mobileImage}
            alt={`Phone image of ${name}`}
            loading="lazy"
            className="aspect-[4/5] w-1/5 shrink-0 object-cover"
          />
        )}
      </div>
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <Badge variant={state.variant}>{state.label}</Badge>
            <span>Order {banner.sortOrder}</span>
            {banner.endsAt && !state.label.startsWith('Ended') && (
              <span>until {when(banner.endsAt)}</span>
            )}
          </p>
          <p className="truncate text-sm text-muted-foreground">{linkText(banner)}</p>
        </div>
        <div className="flex gap-2">
          <BannerEditDialog banner={banner} name={name} />
          <Button
            variant="outline"
            className="h-11 shrink-0 text-destructive hover:bg-destructive/5 hover:text-destructive"
            disabled={deleteBanner.isPending}
            onClick={() => (banner.live ? setConfirming(true) : remove())}
          >
            <Trash2Icon aria-hidden="true" />
            Delete<span className="sr-only"> {name}</span>
          </Button>
        </div>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete the live banner “{name}”?</AlertDialogTitle>
            <AlertDialogDescription>
              Shoppers see it on the home page now. It goes at once, and cannot be brought back.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={deleteBanner.isPending}
              onClick={(event) => {
                event.preventDefault()
                remove()
              }}
            >
              Delete banner
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  )
}
