import type { Vendor } from '@techbazaar/shared'
import { CheckIcon, UsersIcon, XIcon } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/features/auth/lib/server-errors'
import { EmptyState } from '@/features/catalog/components/state-views'
import { useVendors } from '../api/get-vendors'
import { useSetVendorStatus } from '../api/set-vendor-status'

const STATUS_VARIANT = { Approved: 'success', Rejected: 'destructive', Pending: 'warning' } as const

function StatusBadge({ status }: { status: Vendor['status'] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
}

function Actions({ vendor }: { vendor: Vendor }) {
  const setStatus = useSetVendorStatus()
  const busy = setStatus.isPending
  const decide = (status: 'Approved' | 'Rejected') =>
    setStatus.mutate(
      { id: vendor._id, status },
      {
        onSuccess: (response) => toast.success(`${vendor.userName}: ${response.data.status}`),
        onError: (error) => toast.error(messageOf(error, 'something went wrong')),
      },
    )
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        className="h-10 flex-1 bg-success text-success-foreground hover:bg-success/90"
        disabled={busy || vendor.status === 'Approved'}
        onClick={() => decide('Approved')}
      >
        <CheckIcon aria-hidden="true" />
        Approve<span className="sr-only"> {vendor.userName}</span>
      </Button>
      <Button
        size="sm"
        variant="destructive"
        className="h-10 flex-1"
        disabled={busy || vendor.status === 'Rejected'}
        onClick={() => decide('Rejected')}
      >
        <XIcon aria-hidden="true" />
        Reject<span className="sr-only"> {vendor.userName}</span>
      </Button>
    </div>
  )
}

const dash = (value: string | null) => value || '—'

/** "All Vendor List": a dense table on desks, stacked cards on phones. */
export function VendorList() {
  const vendors = useVendors()

  if (vendors.isPending) {
    return (
      <div
        className="flex flex-col gap-2"
        role="status"
        aria-busy="true"
        aria-label="Loading vendors"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    )
  }
  if (vendors.isError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm font-medium text-destructive"
      >
        {messageOf(vendors.error, 'We could not load the vendors.')}{' '}
        <button type="button" className="underline" onClick={() => void vendors.refetch()}>
          Try again
        </button>
      </p>
    )
  }
  if (vendors.data.length === 0) {
    return (
      <EmptyState
        title="No sellers yet"
        icon={<UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      />
    )
  }

  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-xl border bg-background md:block">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Mobile
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                GSTIN
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {vendors.data.map((vendor) => (
              <tr key={vendor._id} className="align-middle">
                <td className="px-4 py-2.5 font-medium">{vendor.userName}</td>
                <td className="tabular px-4 py-2.5">{dash(vendor.mobile)}</td>
                <td className="max-w-56 truncate px-4 py-2.5">{vendor.email}</td>
                <td className="px-4 py-2.5 font-mono text-xs">{dash(vendor.gstNumber)}</td>
                <td className="px-4 py-2.5">
                  <StatusBadge status={vendor.status} />
                </td>
                <td className="w-56 px-4 py-2.5">
                  <Actions vendor={vendor} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {vendors.data.map((vendor) => (
          <li key={vendor._id} className="flex flex-col gap-3 rounded-xl border bg-background p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{vendor.userName}</p>
              <StatusBadge status={vendor.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Mobile</dt>
              <dd className="tabular">{dash(vendor.mobile)}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="truncate">{vendor.email}</dd>
              <dt className="text-muted-foreground">GSTIN</dt>
              <dd className="font-mono text-xs leading-5">{dash(vendor.gstNumber)}</dd>
            </dl>
            <Actions vendor={vendor} />
          </li>
        ))}
      </ul>
    </>
  )
}
