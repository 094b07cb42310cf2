import { formatRupees } from '@techbazaar/shared'
import { CheckIcon, XIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import type * as React from 'react'
import { ConfirmDialog, stillThere } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useDecidePayoutRun, type RunDecision } from '../api/decide-payout-run'
import type { PayoutRunDetail } from '../api/get-payout-runs'

const DONE: Record<RunDecision, string> = {
  approve: 'Run approved: the payouts are on their way',
  discard: 'Run discarded: the money is back in the sellers’ balances',
}

/**
 * Approve or Discard a run's preview, each after a confirmation. Once decided the buttons go, so
 * the focus goes to `afterDecision` (the page's heading).
 */
export function RunDecision({
  run,
  afterDecision,
}: {
  run: PayoutRunDetail
  afterDecision: React.RefObject<HTMLElement | null>
}) {
  const decide = useDecidePayoutRun(run._id)
  const [asking, setAsking] = useState<RunDecision | null>(null)
  const approveButton = useRef<HTMLButtonElement>(null)
  const discardButton = useRef<HTMLButtonElement>(null)
  const payouts = `${run.payouts.length} ${run.payouts.length === 1 ? 'payout' : 'payouts'}`

  const onConfirm = (decision: RunDecision) =>
    decide.mutate(decision, {
      onSuccess: () => toast.success(DONE[decision]),
      onError: (error) => toast.error(messageOf(error, 'The run could not be changed.')),
      onSettled: () => setAsking(null),
    })
  const dialogProps = (decision: RunDecision) => ({
    open: asking === decision,
    onOpenChange: (open: boolean) => setAsking(open ? decision : null),
    busy: decide.isPending,
    onConfirm: () => onConfirm(decision),
  })

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button ref={approveButton} className="h-11" onClick={() => setAsking('approve')}>
        <CheckIcon aria-hidden="true" />
        Approve
      </Button>
      <Button
        ref={discardButton}
        variant="outline"
        className="h-11"
        onClick={() => setAsking('discard')}
      >
        <XIcon aria-hidden="true" />
        Discard
      </Button>
      <ConfirmDialog
        {...dialogProps('approve')}
        returnFocus={() => stillThere(approveButton.current, afterDecision.current)}
        title="Approve this run?"
        description={`${payouts} totalling ${formatRupees(run.total)} are sent to the sellers’ bank accounts.`}
        confirmLabel={`Send ${payouts}`}
        busyLabel="Approving…"
      />
      <ConfirmDialog
        {...dialogProps('discard')}
        returnFocus={() => stillThere(discardButton.current, afterDecision.current)}
        title="Discard this run?"
        description="No payout is sent. The amounts go back to the sellers’ payable balances for the next run."
        confirmLabel="Discard run"
        busyLabel="Discarding…"
        destructive
      />
    </div>
  )
}
