import type { Vendor } from '@techbazaar/shared'
import {
  CheckIcon,
  FileTextIcon,
  LoaderCircleIcon,
  RefreshCwIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
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
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { messageOf } from '@/lib/server-errors'
import { EmptyState } from '@/components/state-views'
import { useVendors } from '../api/get-vendors'
import { useRecheckGstin } from '../api/recheck-gstin'
import { useSetVendorStatus } from '../api/set-vendor-status'
import { EInvoicingRow } from './einvoicing-row'
import { CompleteVendorForm } from './complete-vendor-form'
import { SigningKeyRow } from './signing-key-row'

const STATUS_VARIANT = { Approved: 'success', Rejected: 'destructive', Pending: 'warning' } as const

/**
 * The GSTIN, and once approved what the GST network answered (issue 30.10): its legal name, and
 * whether it is a composition dealer (bills of supply, sales within its state only).
 */
function GstinDetails({ vendor }: { vendor: Vendor }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-mono text-xs leading-5">{dash(vendor.gstNumber)}</span>
      {vendor.gstinLegalName && (
        <span className="text-xs text-muted-foreground">{vendor.gstinLegalName}</span>
      )}
      {vendor.gstinProblem && (
        <span className="text-xs font-medium text-destructive">
          Listings suspended: {vendor.gstinProblem}
        </span>
      )}
      {vendor.gstRegistrationType === 'composition' && (
        <span className="text-xs font-medium text-foreground">
          Composition dealer: sells within its state only
        </span>
      )}
    </div>
  )
}

function StatusBadge({ status }: { status: Vendor['status'] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
}

const products = (n: number) => `${n} listed ${n === 1 ? 'product' : 'products'}`

/** What rejecting takes offline, in the words of the confirmation. */
export function rejectConsequence(vendor: Vendor): string {
  return vendor.listedProducts > 0
    ? `${products(vendor.listedProducts)} of ${vendor.userName} go offline at once. Shoppers can no longer find or buy them; approving again lists them back.`
    : `${vendor.userName} has no listed products right now. It will not be able to list any until approved again.`
}

function Actions({ vendor, onComplete }: { vendor: Vendor; onComplete: () => void }) {
  const setStatus = useSetVendorStatus()
  const recheck = useRecheckGstin()
  const [confirming, setConfirming] = useState(false)
  const busy = setStatus.isPending
  const decide = (status: 'Approved' | 'Rejected') =>
    setStatus.mutate(
      { id: vendor._id, status },
      {
        onSuccess: (response) => toast.success(`${vendor.userName}: ${response.data.status}`),
        onError: (error) => toast.error(messageOf(error, 'something went wrong')),
        onSettled: () => setConfirming(false),
      },
    )
  return (
    <div className="flex flex-col gap-2">
      {vendor.gstNumber === null && (
        <Button variant="outline" size="sm" className="h-10" onClick={onComplete}>
          <FileTextIcon aria-hidden="true" />
          Complete details<span className="sr-only"> of {vendor.userName}</span>
        </Button>
      )}
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
          onClick={() => setConfirming(true)}
        >
          <XIcon aria-hidden="true" />
          Reject<span className="sr-only"> {vendor.userName}</span>
        </Button>
      </div>
      {vendor.status === 'Approved' && vendor.gstNumber !== null && (
        <Button
          variant="outline"
          size="sm"
          className="h-10"
          disabled={recheck.isPending}
          onClick={() =>
            recheck.mutate(vendor._id, {
              onSuccess: (response) =>
                response.data.gstinProblem
                  ? toast.error(`${vendor.userName}: ${response.message}`)
                  : toast.success(`${vendor.userName}: ${response.message}`),
              onError: (error) => toast.error(messageOf(error, 'something went wrong')),
            })
          }
        >
          {recheck.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <RefreshCwIcon aria-hidden="true" />
          )}
          Re-check GSTIN<span className="sr-only"> of {vendor.userName}</span>
        </Button>
      )}
      {vendor.status === 'Approved' && <EInvoicingRow vendor={vendor} />}
      {vendor.status === 'Approved' && <SigningKeyRow vendor={vendor} />}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Reject {vendor.userName}?</AlertDialogTitle>
            <AlertDialogDescription>{rejectConsequence(vendor)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={busy}
              onClick={(event) => {
                // Stay open until the server answers; onSettled closes it.
                event.preventDefault()
                decide('Rejected')
              }}
            >
              {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              {vendor.listedProducts > 0
                ? `Reject and take ${products(vendor.listedProducts)} offline`
                : 'Reject seller'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}

/** A seller without a GSTIN sells nothing (decision 44): say so where its status is. */
function Listing({ vendor }: { vendor: Vendor }) {
  if (vendor.gstNumber !== null) return <StatusBadge status={vendor.status} />
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusBadge status={vendor.status} />
      <Badge variant="warning">GSTIN missing — not listed</Badge>
    </div>
  )
}

const dash = (value: string | null) => value || '—'

/** "All Vendor List": a dense table on desks, stacked cards on phones. */
export function VendorList() {
  const vendors = useVendors()
  const [completing, setCompleting] = useState<Vendor | null>(null)

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
      <Table containerClassName="hidden lg:block">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Mobile</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>GSTIN</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {vendors.data.map((vendor) => (
            <TableRow key={vendor._id} className="align-middle">
              <TableCell className="py-2.5 font-medium">{vendor.userName}</TableCell>
              <TableCell className="tabular py-2.5">{dash(vendor.mobile)}</TableCell>
              <TableCell className="max-w-56 truncate py-2.5">{vendor.email}</TableCell>
              <TableCell className="py-2.5">
                <GstinDetails vendor={vendor} />
              </TableCell>
              <TableCell className="py-2.5">
                <Listing vendor={vendor} />
              </TableCell>
              <TableCell className="w-56 py-2.5">
                <Actions vendor={vendor} onComplete={() => setCompleting(vendor)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="flex flex-col gap-3 lg:hidden">
        {vendors.data.map((vendor) => (
          <li key={vendor._id} className="flex flex-col gap-3 rounded-xl border bg-background p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{vendor.userName}</p>
              <Listing vendor={vendor} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Mobile</dt>
              <dd className="tabular">{dash(vendor.mobile)}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="truncate">{vendor.email}</dd>
              <dt className="text-muted-foreground">GSTIN</dt>
              <dd>
                <GstinDetails vendor={vendor} />
              </dd>
            </dl>
            <Actions vendor={vendor} onComplete={() => setCompleting(vendor)} />
          </li>
        ))}
      </ul>

      <Dialog open={completing !== null} onOpenChange={(open) => !open && setCompleting(null)}>
        <DialogContent side="right" className="gap-0">
          <DialogHeader className="border-b px-5 py-4 pr-14">
            <DialogTitle>Complete {completing?.userName}</DialogTitle>
            <DialogDescription>
              A seller needs a GSTIN, a mobile and a business address for its GST invoices before
              its products are listed.
            </DialogDescription>
          </DialogHeader>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            {completing && (
              <CompleteVendorForm vendor={completing} onDone={() => setCompleting(null)} />
            )}
          </div>
        </DialogContent>
      </Dialog>
    </>
  )
}
