import { useState } from 'react'
import { filterSelectClass } from '@/components/back-office/list-filters'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field } from '@/components/ui/form-field'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useSellerOptions } from '@/lib/back-office/seller-options'
import { BulkFilePanel } from './bulk-file-panel'

interface BulkUploadDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  isAdmin: boolean
  /** Admins: the seller the product list shows, chosen at first. */
  sellerId?: string
}

/** An admin names whose products the file holds; none is the marketplace's own. */
function SellerChoice({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (sellerId: string | undefined) => void
}) {
  const sellers = useSellerOptions()
  return (
    <Field
      id="bulk-seller"
      label="Whose products"
      description="Every row of the file is held to this seller’s products."
    >
      {(control) => (
        <select
          {...control}
          className={filterSelectClass}
          value={value ?? ''}
          aria-busy={sellers.isPending}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">The marketplace’s own</option>
          {value && !sellers.data?.some((seller) => seller.id === value) && (
            <option value={value}>
              {sellers.isPending ? 'Loading sellers…' : 'Unknown seller'}
            </option>
          )}
          {sellers.data?.map((seller) => (
            <option key={seller.id} value={seller.id}>
              {seller.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/**
 * Bulk upload (docs/decisions/095-bulk-product-csv.md): a product file that adds and changes
 * products, and a stock and price file, each checked before it is saved.
 */
export function BulkUploadDialog({ open, onOpenChange, isAdmin, sellerId }: BulkUploadDialogProps) {
  // The page keys the dialog per opening, so it starts from the list's seller filter as it is.
  const [seller, setSeller] = useState(sellerId)
  const owner = isAdmin ? seller : undefined

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right" className="gap-0 sm:max-w-2xl">
        <DialogHeader className="border-b px-5 py-4 pr-14">
          <DialogTitle>Bulk upload</DialogTitle>
          <DialogDescription>
            Add and change many products from a CSV file. Check the file first: nothing is saved
            until you upload it.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-5 py-5">
          {isAdmin && <SellerChoice value={seller} onChange={setSeller} />}
          <Tabs defaultValue="products">
            <TabsList aria-label="What the file holds">
              <TabsTrigger value="products">Products</TabsTrigger>
              <TabsTrigger value="stock-price">Stock and prices</TabsTrigger>
            </TabsList>
            {/* Keyed by the seller: another seller's file starts afresh. */}
            <TabsContent value="products">
              <BulkFilePanel key={owner ?? 'own'} kind="products" sellerId={owner} />
            </TabsContent>
            <TabsContent value="stock-price">
              <BulkFilePanel key={owner ?? 'own'} kind="stock-price" sellerId={owner} />
            </TabsContent>
          </Tabs>
        </div>
      </DialogContent>
    </Dialog>
  )
}
