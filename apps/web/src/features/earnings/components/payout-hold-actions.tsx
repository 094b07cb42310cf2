import type { SellerSettlementRow } from '@techbazaar/shared'
import { PauseCircleIcon, PlayCircleIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useReleaseHold } from '../api/hold-payouts'
import { HoldPayoutsDialog } from './hold-payouts-dialog'

/**
 * "Hold payouts" (with a reason) while payouts run, "Release hold" while they are held. One
 * button that changes its words, so the focus it gets back after either dialog stays on it.
 */
export function PayoutHoldActions({ seller }: { seller: SellerSettlementRow }) {
  const release = useReleaseHold(seller.sellerId)
  const [open, setOpen] = useState<'hold' | 'release' | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const held = seller.hold !== null
  const setOpenTo = (dialog: 'hold' | 'release') => (next: boolean) => setOpen(next ? dialog : null)

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="h-11"
        onClick={() => setOpen(held ? 'release' : 'hold')}
      >
        {held ? <PlayCircleIcon aria-hidden="true" /> : <PauseCircleIcon aria-hidden="true" />}
        {held ? 'Release hold' : 'Hold payouts'}
      </Button>
      <HoldPayoutsDialog
        open={open === 'hold'}
        onOpenChange={setOpenTo('hold')}
        sellerId={seller.sellerId}
        sellerName={seller.sellerName}
        returnFocus={() => button.current}
      />
      <ConfirmDialog
        open={open === 'release'}
        onOpenChange={setOpenTo('release')}
        title={`Release the hold on ${seller.sellerName}?`}
        description="Its payable money goes out in the next payout run."
        confirmLabel="Release hold"
        busyLabel="Releasing…"
        busy={release.isPending}
        returnFocus={() => button.current}
        onConfirm={() =>
          release.mutate(undefined, {
            onSuccess: (response) => toast.success(response.message),
            onError: (error) => toast.error(messageOf(error, 'The hold could not be released.')),
            onSettled: () => setOpen(null),
          })
        }
      />
    </>
  )
}
