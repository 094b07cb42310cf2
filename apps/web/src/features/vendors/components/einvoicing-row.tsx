import { formatRupees, type Vendor } from '@techbazaar/shared'
import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useSellerEInvoicing, useSetSellerEInvoicing } from '../api/e-invoicing'

/**
 * The e-invoicing switch of an approved seller (decision 072): on, its invoices and credit notes
 * to business buyers are registered with the IRP (IRN and signed QR). An admin turns it on when
 * the seller's aggregate turnover passed the threshold in any year since 2017-18.
 */
export function EInvoicingRow({ vendor }: { vendor: Vendor }) {
  const id = useId()
  const state = useSellerEInvoicing(vendor._id)
  const save = useSetSellerEInvoicing()
  const label = `E-invoicing of ${vendor.userName}`
  if (state.isPending) return <Skeleton className="h-10 w-full" aria-label={`Loading ${label}`} />
  if (state.isError) {
    return (
      <p className="text-xs text-muted-foreground">
        E-invoicing: {messageOf(state.error, 'could not be loaded')}
      </p>
    )
  }
  const { applies, aggregateTurnoverRupees, thresholdRupees } = state.data
  const toggle = (checked: boolean) =>
    save.mutate(
      { vendorId: vendor._id, applies: checked },
      {
        onSuccess: (response) =>
          toast.success(`${vendor.userName}: e-invoicing ${response.data.applies ? 'on' : 'off'}`),
        onError: (error) => toast.error(messageOf(error, 'something went wrong')),
      },
    )
  return (
    <div role="group" aria-label={label} className="flex items-start gap-2 rounded-md border p-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={applies}
        disabled={save.isPending}
        onCheckedChange={(checked) => toggle(checked === true)}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-xs leading-4 font-medium">
          E-invoicing: IRN on B2B invoices
        </label>
        <span className="text-xs text-muted-foreground">
          {aggregateTurnoverRupees === null
            ? `For turnover above ${formatRupees(thresholdRupees)}`
            : `Declared turnover ${formatRupees(aggregateTurnoverRupees)}; threshold ${formatRupees(thresholdRupees)}`}
        </span>
      </div>
    </div>
  )
}
