import { type AdminProduct, formatRupees } from '@techbazaar/shared'
import { CheckIcon, LayersIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { optionLabel } from '@/lib/catalog/option-label'
import { suggestionText } from '../lib/sections'

interface AdminProductCardProps {
  product: AdminProduct
  onEdit: (product: AdminProduct) => void
  onDelete: (product: AdminProduct) => void
  /** A variant's family: its options and every variant in one form (decision 090). */
  onEditVariants?: (product: AdminProduct) => void
  /** Admins: approve (true) or decline (false) the seller's suggested home section. */
  onDecideSection?: (product: AdminProduct, approve: boolean) => void
  /** A decision on this product is on its way. */
  deciding?: boolean
}

/**
 * Spec §2 "Admin product card": image, title, price (struck when on sale), sale price, actions;
 * plus the seller's name, so an admin looking at every seller's products knows whose it is.
 */
export function AdminProductCard({
  product,
  onEdit,
  onDelete,
  onEditVariants,
  onDecideSection,
  deciding = false,
}: AdminProductCardProps) {
  const onSale = product.salePrice > 0
  return (
    <article
      aria-label={product.title}
      className="flex flex-col overflow-hidden rounded-xl border bg-background shadow-xs"
    >
      <div className="relative aspect-square bg-muted/60">
        <img src={product.image} alt="" loading="lazy" className="size-full object-contain p-3" />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {!product.listed && <Badge variant="warning">Not listed</Badge>}
          {!product.declarationsComplete && <Badge variant="warning">Declarations missing</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold">{product.title}</h2>
        <p className="text-xs text-muted-foreground">
          {optionLabel(product.brand)} · Stock {product.totalStock}
        </p>
        <p className="truncate text-xs">
          <span className="text-muted-foreground">Seller </span>
          <span className="font-medium">{product.username ?? 'Not Available'}</span>
        </p>
        {product.suggestedSection && (
          <div className="flex flex-col gap-2 rounded-md bg-amber-50 p-2 text-amber-950">
            <p className="text-xs font-medium">{suggestionText(product.suggestedSection)}</p>
            {onDecideSection && (
              <div className="grid grid-cols-2 gap-2">
                <Button
                  size="sm"
                  className="h-11"
                  disabled={deciding}
                  aria-label={`Approve section for ${product.title}`}
                  onClick={() => onDecideSection(product, true)}
                >
                  <CheckIcon aria-hidden="true" className="max-sm:hidden" />
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="h-11 bg-background"
                  disabled={deciding}
                  aria-label={`Decline section for ${product.title}`}
                  onClick={() => onDecideSection(product, false)}
                >
                  <XIcon aria-hidden="true" className="max-sm:hidden" />
                  Decline
                </Button>
              </div>
            )}
          </div>
        )}
        <p className="tabular mt-auto flex flex-wrap items-baseline gap-x-2">
          <span
            className={
              onSale ? 'text-sm text-muted-foreground line-through' : 'text-base font-bold'
            }
          >
            <span className="sr-only">Price </span>
            {formatRupees(product.price)}
          </span>
          {onSale && (
            <span className="text-base font-bold text-deal">
              <span className="sr-only">Sale price </span>
              {formatRupees(product.salePrice)}
            </span>
          )}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" className="h-11 px-2" onClick={() => onEdit(product)}>
            <PencilIcon aria-hidden="true" className="max-sm:hidden" />
            Edit
            <span className="sr-only">{product.title}</span>
          </Button>
          <Button
            variant="outline"
            className="h-11 px-2 text-destructive hover:bg-destructive/5 hover:text-destructive"
            onClick={() => onDelete(product)}
          >
            <Trash2Icon aria-hidden="true" className="max-sm:hidden" />
            Delete
            <span className="sr-only">{product.title}</span>
          </Button>
        </div>
        {product.familyId && onEditVariants && (
          <Button variant="secondary" className="h-11 px-2" onClick={() => onEditVariants(product)}>
            <LayersIcon aria-hidden="true" className="max-sm:hidden" />
            Edit variants
            <span className="sr-only">{product.title}</span>
          </Button>
        )}
      </div>
    </article>
  )
}

export function AdminProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-background">
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  )
}
