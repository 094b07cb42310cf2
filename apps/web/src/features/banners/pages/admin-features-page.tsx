import { ImagesIcon, LoaderCircleIcon, Trash2Icon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { ImageUpload } from '@/components/image-upload/image-upload'
import { messageOf } from '@/lib/server-errors'
import { useFeatureImages } from '@/lib/catalog/get-feature-images'
import { EmptyState, ErrorState } from '@/components/state-views'
import { useAddBanner } from '../api/add-banner'
import { useDeleteBanner } from '../api/delete-banner'
import { DocumentTitle } from '@/components/document-title'

/**
 * /admin/features: the image uploads as soon as it is chosen or dropped; Upload then adds it to
 * the home page's rotation. The list below is what shoppers see, in order.
 */
export default function AdminFeaturesPage() {
  const banners = useFeatureImages()
  const addBanner = useAddBanner()
  const deleteBanner = useDeleteBanner()
  const [image, setImage] = useState('')
  const [mobileImage, setMobileImage] = useState('')
  const [title, setTitle] = useState('')
  // Each upload control reports its own progress; Upload waits for both.
  const [uploadingWide, setUploadingWide] = useState(false)
  const [uploadingPhone, setUploadingPhone] = useState(false)
  const uploading = uploadingWide || uploadingPhone
  // Bumped after a successful add, so the upload control starts empty again.
  const [uploadKey, setUploadKey] = useState(0)

  function submit() {
    addBanner.mutate(
      { image, mobileImage: mobileImage || undefined, title: title.trim() || undefined },
      {
        onSuccess: (response) => {
          toast.success(response.message)
          setImage('')
          setMobileImage('')
          setTitle('')
          setUploadKey((k) => k + 1)
        },
        onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
      },
    )
  }

  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle>Feature Images | TechBazaar Admin</DocumentTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Feature Images
        </h1>
        <p className="text-sm text-muted-foreground">
          Home page banners. Wide images (about 3:1, at least 1800 px) look best. Phones show the
          phone image when there is one: portrait (4:5, at least 800 × 1000 px) with larger text,
          since the wide one shrinks to about 360 × 120 px there.
        </p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-5">
        <ImageUpload
          key={uploadKey}
          kind="banner"
          label="Upload Image"
          value={image}
          onChange={setImage}
          onUploadingChange={setUploadingWide}
        />
        <ImageUpload
          key={`phone-${uploadKey}`}
          kind="bannerPhone"
          label="Phone image (optional)"
          value={mobileImage}
          onChange={setMobileImage}
          onUploadingChange={setUploadingPhone}
        />
        <div className="grid gap-2">
          <Label htmlFor="banner-title">Title (optional)</Label>
          <Input
            id="banner-title"
            className="h-11"
            maxLength={120}
            placeholder="Shown to screen readers, e.g. Diwali deals on phones"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <Button
          size="lg"
          className="w-full sm:w-auto sm:self-end"
          disabled={!image || uploading || addBanner.isPending}
          onClick={submit}
        >
          {addBanner.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          Upload
        </Button>
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Current banners</h2>
        {banners.isPending ? (
          <div
            className="flex flex-col gap-4"
            role="status"
            aria-busy="true"
            aria-label="Loading banners"
          >
            <Skeleton className="aspect-[3/1] w-full rounded-xl" />
            <Skeleton className="aspect-[3/1] w-full rounded-xl" />
          </div>
        ) : banners.isError ? (
          <ErrorState
            message="We could not load the banners."
            onRetry={() => void banners.refetch()}
          />
        ) : banners.data.length === 0 ? (
          <EmptyState
            title="No banners yet"
            icon={<ImagesIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
          >
            <p className="text-sm text-muted-foreground">Upload one above to show it on home.</p>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-4">
            {banners.data.map((banner, index) => (
              <li key={banner._id} className="overflow-hidden rounded-xl border bg-background">
                <div className="flex gap-2 bg-muted">
                  <img
                    src={banner.image}
                    alt={banner.title ?? `Banner ${index + 1}`}
                    loading="lazy"
                    className="aspect-[3/1] min-w-0 flex-1 object-cover"
                  />
                  {banner.mobileImage && (
                    <img
                      src={banner.mobileImage}
                      alt={`Phone image of ${banner.title ?? `banner ${index + 1}`}`}
                      loading="lazy"
                      className="aspect-[4/5] w-1/5 shrink-0 object-cover"
                    />
                  )}
                </div>
                <div className="flex items-center justify-between gap-3 p-3">
                  <p className="min-w-0 truncate text-sm font-medium">
                    {banner.title ?? `Banner ${index + 1}`}
                  </p>
                  <Button
                    variant="outline"
                    className="h-11 shrink-0 text-destructive hover:bg-destructive/5 hover:text-destructive"
                    disabled={deleteBanner.isPending}
                    onClick={() =>
                      deleteBanner.mutate(banner._id, {
                        onSuccess: (response) => toast.success(response.message),
                        onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
                      })
                    }
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete<span className="sr-only"> {banner.title ?? `banner ${index + 1}`}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
