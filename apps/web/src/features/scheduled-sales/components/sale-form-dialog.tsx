import {
  formatRupees,
  scheduledSaleBody,
  scheduledSaleEditBody,
  type ScheduledSaleView,
} from '@techbazaar/shared'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'
import { toast } from '@/lib/toast'
import { useSaveScheduledSale } from '../api/scheduled-sales'
import { ProductPicker, type PickedProduct } from './product-picker'

const DAY = 86_400_000

interface SaleFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The sale being changed (one not started); null for a new one. */
  sale: ScheduledSaleView | null
}

/** Tomorrow at 00:00 in this browser's time: a new sale's default start. */
function tomorrow(): Date {
  const d = new Date(Date.now() + DAY)
  d.setHours(0, 0, 0, 0)
  return d
}

/**
 * The scheduled sale form (decision 092), checked with the API's own schema before it is sent;
 * the server also checks the product is the caller's, the price is below the product's and no
 * other sale of the product overlaps, and its words are shown under the fields.
 */
export function SaleFormDialog({ open, onOpenChange, sale }: SaleFormDialogProps) {
  const start = tomorrow()
  const [product, setProduct] = useState<PickedProduct | null>(
    sale ? { _id: sale.productId, title: sale.productTitle, price: sale.price } : null,
  )
  const [salePrice, setSalePrice] = useState(sale ? String(sale.salePrice) : '')
  const [startsAt, setStartsAt] = useState(toDateTimeLocal(sale?.startsAt ?? start.toISOString()))
  const [endsAt, setEndsAt] = useState(
    toDateTimeLocal(sale?.endsAt ?? new Date(start.getTime() + 7 * DAY).toISOString()),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveScheduledSale()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = {
      productId: product?._id ?? '',
      salePrice: salePrice.trim() === '' ? undefined : Number(salePrice),
      // An empty date stays '': the schema asks for it ("Enter when the sale starts").
      startsAt: fromDateTimeLocal(startsAt) ?? '',
      endsAt: fromDateTimeLocal(endsAt) ?? '',
    }
    const parsed = sale ? scheduledSaleEditBody.safeParse(body) : scheduledSaleBody.safeParse(body)
    const found: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]))
    if (found.productId) found.productId = 'Choose the product'
    if (!found.salePrice && product && Number(salePrice) >= product.price) {
      found.salePrice = `The sale price must be below the product’s price of ${formatRupees(product.price)}`
    }
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    save.mutate(
      sale
        ? { id: sale._id, input: scheduledSaleEditBody.parse(body) }
        : { id: null, input: scheduledSaleBody.parse(body) },
      {
        onSuccess: (saved) => {
          toast.success(`Sale on ${saved.productTitle} saved`)
          onOpenChange(false)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors?.length) {
            setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])))
          }
          toast.error('The sale was not saved', {
            description: error instanceof ApiError ? error.message : 'Please try again.',
          })
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{sale ? `Edit the sale on ${sale.productTitle}` : 'New sale'}</DialogTitle>
          <DialogDescription>
            The sale price replaces the product’s price from the start to the end, within a minute
            of each; the price before it comes back when it ends.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {sale ? (
              <p className="text-sm">
                Product: <strong>{sale.productTitle}</strong> ({formatRupees(sale.price)})
              </p>
            ) : (
              <ProductPicker
                id="sale-product"
                value={product}
                onChange={setProduct}
                error={errors.productId}
              />
            )}
          </div>
          <FormField
            id="sale-price"
            label="Sale price (₹)"
            inputMode="decimal"
            value={salePrice}
            onChange={(e) => setSalePrice(e.target.value)}
            error={errors.salePrice}
          />
          <div className="hidden sm:block" />
          <FormField
            id="sale-starts"
            label="Starts"
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            error={errors.startsAt}
          />
          <FormField
            id="sale-ends"
            label="Ends"
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            error={errors.endsAt}
          />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save sale'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
