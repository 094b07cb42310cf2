import { VendorList } from '../components/vendor-list'
import { DocumentTitle } from '@/components/document-title'

/** /admin/vendor-verificaton (and the correctly spelt alias): approve or reject sellers. */
export default function VendorVerificationPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Vendors | TechBazaar Admin</DocumentTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          All Vendor List
        </h1>
        <p className="text-sm text-muted-foreground">
          Approving a seller lists its products in the shop; rejecting hides them.
        </p>
      </div>
      <VendorList />
    </section>
  )
}
