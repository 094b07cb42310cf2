import {
  formatRupees,
  formatShopDate,
  isMarketplaceAdmin,
  type CouponView,
} from '@techbazaar/shared'
import { TicketPercentIcon } from 'lucide-react'
import { useState } from 'react'
import { DocumentTitle } from '@/components/document-title'
import { EmptyState, ErrorState } from '@/components/state-views'
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
import { useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { inputOf, useCoupons, useSaveCoupon } from '../api/coupons'
import { CouponFormDialog } from '../components/coupon-form-dialog'

const discountOf = (c: CouponView) =>
  `${c.kind === 'percent' ? `${c.value}%` : formatRupees(c.value)} off${
    c.maxDiscount !== null ? `, up to ${formatRupees(c.maxDiscount)}` : ''
  }`

function rulesOf(c: CouponView): string {
  const rules = [
    c.minOrder > 0 ? `over ${formatRupees(c.minOrder)}` : null,
    c.scope === 'all' ? null : c.scope === 'seller' ? 'one seller' : `${c.scope} ${c.scopeValue}`,
    c.firstOrderOnly ? 'first orders' : null,
    `${c.perShopperLimit} per shopper`,
    c.fundedBy === 'seller' ? 'seller pays' : null,
  ]
  return rules.filter(Boolean).join(' · ')
}

/**
 * /admin/coupons (decision 092): an admin's every coupon, a seller's own; each can be edited
 * and switched off (coupons are never deleted: their orders name them).
 */
export default function CouponsPage() {
  const { user } = useSession()
  const isAdmin = user ? isMarketplaceAdmin(user) : false
  const coupons = useCoupons()
  const save = useSaveCoupon()
  const [editing, setEditing] = useState<CouponView | null>(null)
  const [open, setOpen] = useState(false)

  const openForm = (coupon: CouponView | null) => {
    setEditing(coupon)
    setOpen(true)
  }
  const toggle = (coupon: CouponView) =>
    save.mutate(
      { id: coupon._id, input: { ...inputOf(coupon), active: !coupon.active } },
      {
        onSuccess: (saved) =>
          toast.success(`${saved.code} ${saved.active ? 'activated' : 'deactivated'}`),
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DocumentTitle>Coupons | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Coupons
          </h1>
          <p className="text-sm text-muted-foreground">
            {isAdmin
              ? 'Codes shoppers enter at checkout. A discount the marketplace pays for is still paid to the seller.'
              : 'Codes for your products. Their discounts come off your settlement.'}
          </p>
        </div>
        <Button className="h-11" onClick={() => openForm(null)}>
          New coupon
        </Button>
      </div>

      {coupons.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading coupons" className="space-y-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : coupons.isError ? (
        <ErrorState
          message="We could not load the coupons."
          onRetry={() => void coupons.refetch()}
        />
      ) : coupons.data.length === 0 ? (
        <EmptyState
          title="No coupons yet"
          icon={<TicketPercentIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        >
          <p className="text-sm text-muted-foreground">Create one to offer shoppers a discount.</p>
        </EmptyState>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Discount</TableHead>
              <TableHead>Rules</TableHead>
              <TableHead>Valid</TableHead>
              <TableHead className="text-right">Used</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {coupons.data.map((c) => (
              <TableRow key={c._id}>
                <TableCell className="font-mono font-semibold">{c.code}</TableCell>
                <TableCell>{discountOf(c)}</TableCell>
                <TableCell className="text-muted-foreground">{rulesOf(c)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatShopDate(c.startsAt)} – {formatShopDate(c.endsAt)}
                </TableCell>
                <TableCell className="tabular text-right">
                  {c.usedCount}
                  {c.totalLimit !== null ? ` / ${c.totalLimit}` : ''}
                </TableCell>
                <TableCell>
                  <Badge variant={c.active ? 'default' : 'secondary'}>
                    {c.active ? 'Active' : 'Off'}
                  </Badge>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <Button variant="ghost" size="sm" onClick={() => openForm(c)}>
                    Edit<span className="sr-only"> {c.code}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => toggle(c)}
                    disabled={save.isPending}
                  >
                    {c.active ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> {c.code}</span>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {open && (
        <CouponFormDialog
          key={editing?._id ?? 'new'}
          open={open}
          onOpenChange={setOpen}
          coupon={editing}
          isAdmin={isAdmin}
        />
      )}
    </section>
  )
}
