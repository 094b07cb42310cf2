import { useBusinessAddress } from '../api/get-business-address'
import { BusinessAddressForm } from '../components/business-address-form'
import { Skeleton } from '@/components/ui/skeleton'
import { DocumentTitle } from '@/components/document-title'

/** /admin/business-address: the seller's own supplier details for its GST invoices. */
export default function BusinessAddressPage() {
  const address = useBusinessAddress()
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-5">
      <DocumentTitle>Business Address | TechBazaar Seller Hub</DocumentTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Business Address
        </h1>
        <p className="text-sm text-muted-foreground">
          Printed as the supplier on the GST tax invoices of your orders.
        </p>
      </div>
      {address.isPending ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : address.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {address.error.message}
        </p>
      ) : (
        <BusinessAddressForm saved={address.data} />
      )}
    </section>
  )
}
