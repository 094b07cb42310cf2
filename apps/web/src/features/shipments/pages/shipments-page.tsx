import { Navigate } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { Checkbox } from '@/components/ui/checkbox'
import { useSession } from '@/lib/session/get-session'
import { ShipmentsTable } from '../components/shipments-table'
import { useShipmentsFilter } from '../components/use-shipments-filter'

/**
 * /admin/shipments: every seller's parcel for an admin, newest first, late ones flagged, with a
 * "Late only" switch (the dashboard links here with it on).
 */
export default function ShipmentsPage() {
  const { user } = useSession()
  const { filter, setPage, setLateOnly } = useShipmentsFilter()
  // Every seller's parcels are the marketplace's; a seller ships from its orders.
  if (user?.type === 'vendor') return <Navigate to="/admin/orders" replace />
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Shipments | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Shipments
        </h1>
        <p className="text-sm text-muted-foreground">
          Late: not handed to the courier by its ship-by day, or not delivered by the courier&apos;s
          expected day. Days are India time.
        </p>
      </div>
      <label className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium">
        <Checkbox
          checked={filter.late === true}
          onCheckedChange={(checked) => setLateOnly(checked === true)}
        />
        Late only
      </label>
      <ShipmentsTable filter={filter} onPage={setPage} />
    </section>
  )
}
