import { ImagesIcon } from 'lucide-react'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, ErrorState } from '@/components/state-views'
import { Skeleton } from '@/components/ui/skeleton'
import { useAdminBanners } from '../api/list-banners'
import { BannerForm } from '../components/banner-form'
import { BannerListItem } from '../components/banner-list-item'

/**
 * /admin/features: a new banner (its images upload as soon as they are chosen) with its alt
 * text, link, order and dates; below, every banner in order, saying which the home page shows.
 */
export default function AdminFeaturesPage() {
  const banners = useAdminBanners()

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

      <BannerForm />

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
              <BannerListItem key={banner._id} banner={banner} index={index} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
