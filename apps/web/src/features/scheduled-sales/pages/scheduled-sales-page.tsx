import {
  formatRupees,
  formatShopDate,
  isMarketplaceAdmin,
  type ScheduledSaleStatus,
  type ScheduledSaleView,
} from '@techbazaar/shared'
import { CalendarClockIcon, LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, ErrorState } from '@/components/state-views'
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
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { useCancelScheduledSale, useScheduledSales } from '../api/scheduled-sales'
import { SaleFormDialog } from '../components/sale-form-dialog'

const STATUS: Record<
  ScheduledSaleStatus,
  { label: string; variant: 'default' | 'success' | 'secondary' | 'outline' }
> = {
  upcoming: { label: 'Upcoming', variant: 'default' },
  running: { label: 'Running', variant: 'success' },
  ended: { label: 'Ended', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
}

const moment = (iso: string) => formatShopDate(iso, 'moment')

/** Percent off the product's price, rounded down as the listing's discount is. */
const percentOff = (s: ScheduledSaleView) =>
  s.price > 0 ? Math.floor(((s.price - s.salePrice) * 100) / s.price) : 0

/**
 * /admin/scheduled-sales (decision 092): sale prices a product takes between two moments. A
 * seller sees its own products' sales, an admin every one. A sale not started can be changed or
 * cancelled; a running one can be ended early (the price before it comes back).
 */
export default function ScheduledSalesPage() {
  const { user } = useSession()
  const isAdmin = user ? isMarketplaceAdmin(user) : false
  const sales = useScheduledSales()
  const cancel = useCancelScheduledSale()
  const [editing, setEditing] = useState<ScheduledSaleView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [cancelling, setCancelling] = useState<ScheduledSaleView | null>(null)

  const openForm = (sale: ScheduledSaleView | null) => {
    setEditing(sale)
    setFormOpen(true)
  }
  const confirmCancel = (sale: ScheduledSaleView) =>
    cancel.mutate(sale._id, {
      onSuccess: () =>
        toast.success(
          sale.status === 'running'
            ? `The sale on ${sale.productTitle} has ended`
            : `The sale on ${sale.productTitle} is cancelled`,
        ),
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : 'The sale was not cancelled'),
      onSettled: () => setCancelling(null),
    })

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Scheduled sales | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Scheduled sales
          </h1>
          <p className="text-sm text-muted-foreground">
            {isAdmin
              ? 'Sale prices products take between two dates, for every seller.'
              : 'Sale prices your products take between two dates, set in advance.'}
          </p>
        </div>
        <Button className="h-11" onClick={() => openForm(null)}>
          New sale
        </Button>
      </div>

      {sales.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading sales" className="space-y-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : sales.isError ? (
        <ErrorState message="We could not load the sales." onRetry={() => void sales.refetch()} />
      ) : sales.data.length === 0 ? (
        <EmptyState
          title="No scheduled sales yet"
          icon={<CalendarClockIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        >
          <p className="text-sm text-muted-foreground">
            Schedule one to put a product on sale for a few days.
          </p>
        </EmptyState>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Product</TableHead>
              {isAdmin && <TableHead>Seller</TableHead>}
              <TableHead className="text-right">Sale price</TableHead>
              <TableHead>When</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sales.data.map((s) => (
              <TableRow key={s._id}>
                <TableCell className="font-medium">{s.productTitle}</TableCell>
                {isAdmin && <TableCell className="text-muted-foreground">{s.sellerName}</TableCell>}
                <TableCell className="tabular text-right whitespace-nowrap">
                  {formatRupees(s.salePrice)}
                  <span className="block text-xs text-muted-foreground">
                    <s>{formatRupees(s.price)}</s> · {percentOff(s)}% off
                  </span>
                </TableCell>
                <TableCell className="text-sm">
                  {moment(s.startsAt)} – {moment(s.endsAt)}
                  {s.status === 'cancelled' && s.endedAt && (
                    <span className="block text-xs text-muted-foreground">
                      Called off {moment(s.endedAt)}
                    </span>
                  )}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS[s.status].variant}>{STATUS[s.status].label}</Badge>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {s.status === 'upcoming' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit the sale on ${s.productTitle}`}
                      onClick={() => openForm(s)}
                    >
                      Edit
                    </Button>
                  )}
                  {(s.status === 'upcoming' || s.status === 'running') && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${s.status === 'running' ? 'End now' : 'Cancel'} the sale on ${s.productTitle}`}
                      onClick={() => setCancelling(s)}
                    >
                      {s.status === 'running' ? 'End now' : 'Cancel'}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {formOpen && (
        <SaleFormDialog
          key={editing?._id ?? 'new'}
          open={formOpen}
          onOpenChange={setFormOpen}
          sale={editing}
        />
      )}

      <AlertDialog open={cancelling !== null} onOpenChange={(open) => !open && setCancelling(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {cancelling?.status === 'running'
                ? `End the sale on ${cancelling.productTitle} now?`
                : `Cancel the sale on ${cancelling?.productTitle}?`}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {cancelling?.status === 'running'
                ? 'The product goes back to the price it had before the sale.'
                : 'The sale will not start. You can schedule another for these dates.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep the sale</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={cancel.isPending}
              onClick={(event) => {
                // Stay open until the server answers; onSettled closes it.
                event.preventDefault()
                if (cancelling) confirmCancel(cancelling)
              }}
            >
              {cancel.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              {cancelling?.status === 'running' ? 'End the sale' : 'Cancel the sale'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}
