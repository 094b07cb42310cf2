import { isMarketplaceAdmin, type AdminProduct } from '@techbazaar/shared'
import {
  FileSpreadsheetIcon,
  FileWarningIcon,
  FilterIcon,
  LayersIcon,
  HomeIcon,
  PackageIcon,
  PlusIcon,
  SearchXIcon,
  XIcon,
} from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
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
import { useSession } from '@/lib/session/get-session'
import { messageOf } from '@/lib/server-errors'
import { EmptyState, ErrorState } from '@/components/state-views'
import { Pager } from '@/components/pager'
import { useDeleteProduct } from '../api/delete-product'
import { useAdminProducts } from '../api/get-admin-products'
import { AdminProductCard, AdminProductCardSkeleton } from '../components/admin-product-card'
import { useBrandRequests } from '../api/brand-requests'
import { useDecideSection } from '../api/section-suggestions'
import { FiltersPanel } from '../components/filters-panel'
import { ProductsFilters } from '../components/products-filters'
import { useProductsFilter } from '../components/use-products-filter'
import { BulkUploadDialog } from '../components/bulk-upload-dialog'
import { FamilySheet } from '../components/family-sheet'
import { ProductSheet } from '../components/product-sheet'
import { DocumentTitle } from '@/components/document-title'
import { SellerSetupCard } from '@/components/back-office/seller-setup-card'

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 2xl:grid-cols-5'

const count = new Intl.NumberFormat('en-IN')

/**
 * /admin/products: an admin sees every product, a seller its own (the server decides), a page
 * at a time, searched and narrowed by status (and seller, for an admin) through the address.
 */
export default function AdminProductsPage() {
  const { user } = useSession()
  const isAdmin = user ? isMarketplaceAdmin(user) : false
  const { filter, filtered, setPage, setQuery, setStatus, setSeller, clear } = useProductsFilter()
  const products = useAdminProducts(filter)
  const [sheet, setSheet] = useState<{ open: boolean; product?: AdminProduct; key: number }>({
    open: false,
    key: 0,
  })
  const [familySheet, setFamilySheet] = useState<{
    open: boolean
    product?: AdminProduct
    key: number
  }>({ open: false, key: 0 })
  const [bulk, setBulk] = useState({ open: false, key: 0 })
  const [showFilter, setShowFilter] = useState(false)
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null)
  const incomplete = products.data?.incomplete ?? 0
  const onlyIncomplete = filter.status === 'incomplete'
  const deleteProduct = useDeleteProduct()
  const decideSection = useDecideSection()
  const suggested = products.data?.suggested ?? 0
  const onlySuggested = filter.status === 'suggested'
  // Admins hear of sellers' waiting brand requests here; the filter panel answers them.
  const brandRequests = useBrandRequests({ enabled: isAdmin })
  const waitingBrands = isAdmin ? (brandRequests.data?.length ?? 0) : 0

  function onDecideSection(product: AdminProduct, approve: boolean) {
    decideSection.mutate(
      { id: product._id, approve },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
      },
    )
  }

  const openSheet = (product?: AdminProduct) =>
    setSheet((s) => ({ open: true, product, key: s.key + 1 }))

  const openFamily = (product?: AdminProduct) =>
    setFamilySheet((s) => ({ open: true, product, key: s.key + 1 }))

  function confirmDelete() {
    if (!toDelete) return
    deleteProduct.mutate(toDelete._id, {
      onSuccess: (response) => {
        toast.success(response.message)
        setToDelete(null)
      },
      onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
    })
  }

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Products | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Products
          </h1>
          {products.data && !filtered && (
            <p className="text-sm text-muted-foreground">
              {count.format(products.data.total)}{' '}
              {products.data.total === 1 ? 'product' : 'products'}
              {isAdmin ? ' from all sellers' : ' in your store'}
            </p>
          )}
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {isAdmin && (
            <Button
              variant="outline"
              className="h-11 flex-1 sm:flex-none"
              aria-expanded={showFilter}
              onClick={() => setShowFilter((v) => !v)}
            >
              {showFilter ? <XIcon aria-hidden="true" /> : <FilterIcon aria-hidden="true" />}
              {showFilter ? 'cancel' : 'Add Filter'}
              {!showFilter && waitingBrands > 0 && (
                <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-900">
                  {waitingBrands}
                  <span className="sr-only">
                    {waitingBrands === 1 ? ' brand request waits' : ' brand requests wait'}
                  </span>
                </span>
              )}
            </Button>
          )}
          <Button
            variant="outline"
            className="h-11 flex-1 sm:flex-none"
            onClick={() => setBulk((b) => ({ open: true, key: b.key + 1 }))}
          >
            <FileSpreadsheetIcon aria-hidden="true" />
            Bulk upload
          </Button>
          <Button
            variant="outline"
            className="h-11 flex-1 sm:flex-none"
            onClick={() => openFamily()}
          >
            <LayersIcon aria-hidden="true" />
            Add product with variants
          </Button>
          <Button className="h-11 flex-1 sm:flex-none" onClick={() => openSheet()}>
            <PlusIcon aria-hidden="true" />
            Add New Product
          </Button>
        </div>
      </div>

      {isAdmin && showFilter && <FiltersPanel onDone={() => setShowFilter(false)} />}

      {isAdmin && suggested > 0 && (
        <SuggestionsBanner
          count={suggested}
          showingOnly={onlySuggested}
          onToggle={() => setStatus(onlySuggested ? undefined : 'suggested')}
        />
      )}

      {/* A seller's checklist before it sells (decision 084); an admin sells nothing. */}
      {user?.type === 'vendor' && <SellerSetupCard />}

      {incomplete > 0 && (
        <DeclarationsBanner
          count={incomplete}
          showingOnly={onlyIncomplete}
          onToggle={() => setStatus(onlyIncomplete ? undefined : 'incomplete')}
        />
      )}

      <ProductsFilters
        // A new search from elsewhere (the banner, a link) refills the box.
        key={filter.q ?? ''}
        filter={filter}
        isAdmin={isAdmin}
        onQuery={setQuery}
        onStatus={setStatus}
        onSeller={setSeller}
      />

      {products.isPending ? (
        <div className={GRID} role="status" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 8 }, (_, i) => (
            <AdminProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.isError ? (
        <ErrorState
          message={messageOf(products.error, 'We could not load the products.')}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.data.length === 0 && filtered ? (
        <EmptyState
          title="No products match"
          icon={<SearchXIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
          action={
            <Button variant="outline" onClick={clear}>
              Clear filters
            </Button>
          }
        >
          <p className="text-sm text-muted-foreground">
            Try another search, status{isAdmin ? ' or seller' : ''}.
          </p>
        </EmptyState>
      ) : products.data.total === 0 ? (
        <EmptyState
          title="No products yet"
          icon={<PackageIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
          action={
            <Button onClick={() => openSheet()}>
              <PlusIcon aria-hidden="true" />
              Add New Product
            </Button>
          }
        >
          <p className="text-sm text-muted-foreground">Add your first product to start selling.</p>
        </EmptyState>
      ) : (
        <>
          <div
            className={GRID}
            aria-busy={products.isPlaceholderData}
            style={products.isPlaceholderData ? { opacity: 0.6 } : undefined}
          >
            {products.data.data.map((product) => (
              <AdminProductCard
                key={product._id}
                product={product}
                onEdit={openSheet}
                onDelete={setToDelete}
                onEditVariants={openFamily}
                onDecideSection={isAdmin ? onDecideSection : undefined}
                deciding={decideSection.isPending && decideSection.variables.id === product._id}
              />
            ))}
          </div>
          <Pager
            page={products.data.page}
            limit={products.data.limit}
            total={products.data.total}
            shown={products.data.data.length}
            noun="products"
            onPage={setPage}
          />
        </>
      )}

      <ProductSheet
        open={sheet.open}
        onOpenChange={(open) => setSheet((s) => ({ ...s, open }))}
        product={sheet.product}
        formKey={sheet.key}
      />

      <BulkUploadDialog
        key={bulk.key}
        open={bulk.open}
        onOpenChange={(open) => setBulk((b) => ({ ...b, open }))}
        isAdmin={isAdmin}
        sellerId={filter.sellerId}
      />

      <FamilySheet
        open={familySheet.open}
        onOpenChange={(open) => setFamilySheet((s) => ({ ...s, open }))}
        product={familySheet.product}
        formKey={familySheet.key}
      />

      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this product?</AlertDialogTitle>
            <AlertDialogDescription>
              “{toDelete?.title}” leaves the shop at once. Past orders keep their lines.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={deleteProduct.isPending}
              onClick={(event) => {
                // Stay open until the server answers (success closes it, a failure says why).
                event.preventDefault()
                confirmDelete()
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}

interface BannerProps {
  count: number
  showingOnly: boolean
  onToggle: () => void
}

/**
 * A count of products waiting for someone, with a toggle that shows only them: one shape for
 * the declarations and the suggestions banners, in their own colours.
 */
function WaitingBanner({
  count,
  showingOnly,
  onToggle,
  className,
  icon,
  children,
}: BannerProps & { className: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4',
        className,
      )}
    >
      <div className="flex gap-3">
        {icon}
        <p className="text-sm">{children}</p>
      </div>
      <Button
        variant="outline"
        className="h-11 shrink-0 bg-background"
        aria-pressed={showingOnly}
        onClick={onToggle}
      >
        {showingOnly ? 'Show all products' : `Show ${count === 1 ? 'it' : 'them'}`}
      </Button>
    </div>
  )
}

/**
 * Products from before the legal declarations (decision 066) are hidden from the shop until
 * their sellers complete them: say how many, and show only those on request.
 */
function DeclarationsBanner(props: BannerProps) {
  const { count } = props
  return (
    <WaitingBanner
      {...props}
      className="border-amber-300 bg-amber-50 text-amber-950"
      icon={<FileWarningIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
    >
      <strong className="font-semibold">
        {count} {count === 1 ? 'product is' : 'products are'} hidden from the shop until
        {count === 1 ? ' its' : ' their'} legal declarations are complete.
      </strong>{' '}
      Edit {count === 1 ? 'it' : 'each'} and fill in the &ldquo;Legal declarations&rdquo; section
      (manufacturer, country of origin, consumer care, warranty).
    </WaitingBanner>
  )
}

/** Sellers' suggested home sections wait for an admin (decision 085): say how many. */
function SuggestionsBanner(props: BannerProps) {
  const { count } = props
  return (
    <WaitingBanner
      {...props}
      className="border-sky-200 bg-sky-50 text-sky-950"
      icon={<HomeIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
    >
      <strong className="font-semibold">
        {count} {count === 1 ? 'product is' : 'products are'} suggested for the home page.
      </strong>{' '}
      Approve or decline each seller&rsquo;s suggestion on its card.
    </WaitingBanner>
  )
}
