import { PlayIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useCreatePayoutRun } from '../api/create-payout-run'

/** Starts a run now, after a confirmation, then opens it. */
export function RunNowButton() {
  const create = useCreatePayoutRun()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button ref={button} className="h-11" onClick={() => setOpen(true)}>
        <PlayIcon aria-hidden="true" />
        Run payouts now
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Run payouts now?"
        description="Every seller with payable money and a verified account is included. If runs need approval, this one waits for yours."
        confirmLabel="Run payouts"
        busyLabel="Running…"
        busy={create.isPending}
        returnFocus={() => button.current}
        onConfirm={() =>
          create.mutate(undefined, {
            onSuccess: (run) => {
              setOpen(false)
              toast.success('Payout run made')
              void navigate(`/admin/payouts/${run._id}`)
            },
            onError: (error) => {
              setOpen(false)
              toast.error(messageOf(error, 'The payout run could not be made.'))
            },
          })
        }
      />
    </>
  )
}
