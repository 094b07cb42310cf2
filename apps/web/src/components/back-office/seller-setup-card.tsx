import {
  SELLER_SETUP_STATUS_LABELS,
  type SellerSetup,
  type SellerSetupStatus,
} from '@techbazaar/shared'
import { ArrowRightIcon, CircleCheckIcon, CircleDashedIcon, ClockIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useSellerSetup } from '@/lib/back-office/seller-setup'

const ICONS: Record<SellerSetupStatus, React.ReactNode> = {
  done: <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0 text-success" />,
  waiting: <ClockIcon aria-hidden="true" className="size-5 shrink-0 text-amber-700" />,
  todo: <CircleDashedIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />,
}
const BADGES = { done: 'success', waiting: 'warning', todo: 'outline' } as const

/** The checklist itself: progress, then each step with its state in words and its fix. */
export function SellerSetupChecklist({ setup }: { setup: SellerSetup }) {
  const percent = Math.round((setup.doneCount / setup.total) * 100)
  return (
    <section
      aria-labelledby="seller-setup-title"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="seller-setup-title" className="text-lg font-semibold">
          Set up your store
        </h2>
        <p className="tabular text-sm font-medium">
          {setup.doneCount} of {setup.total} done
        </p>
      </div>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        Finish these before your first order: the courier collects from your business address, and
        payouts need a verified bank account.
      </p>
      <ol className="flex flex-col divide-y">
        {setup.steps.map((step) => (
          <li
            key={step.key}
            className="flex flex-col gap-2 py-3 first:pt-1 last:pb-0 sm:flex-row sm:items-center sm:gap-4"
          >
            <div className="flex min-w-0 flex-1 gap-3">
              {ICONS[step.status]}
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  {step.label}
                  <span className="sr-only">:</span>
                  <Badge variant={BADGES[step.status]}>
                    {SELLER_SETUP_STATUS_LABELS[step.status]}
                  </Badge>
                </p>
                <p className="text-sm break-words text-muted-foreground">{step.detail}</p>
              </div>
            </div>
            {!step.done && (
              <Button
                asChild
                variant={step.status === 'todo' ? 'default' : 'outline'}
                className="h-11 shrink-0 self-start sm:self-center"
              >
                <Link to={step.fixPath}>
                  {step.fixLabel} <span className="sr-only">({step.label})</span>
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * The seller's setup checklist on its first screen (issue 31.6, decision 084). Nothing while it
 * loads (most sellers are set up, and the page should not jump) and nothing once all is done;
 * a failed load says so quietly, with a retry, since the page's own work goes on without it.
 */
export function SellerSetupCard() {
  const setup = useSellerSetup()
  if (setup.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
      >
        <p>We could not load your setup checklist.</p>
        <Button variant="outline" className="h-11" onClick={() => void setup.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (!setup.data || setup.data.complete) return null
  return <SellerSetupChecklist setup={setup.data} />
}
