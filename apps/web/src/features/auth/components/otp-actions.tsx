import { Button } from '@/components/ui/button'

interface OtpActionsProps {
  secondsLeft: number
  resending: boolean
  onResend: () => void
  onChangeDetails: () => void
  /** What going back to step 1 is called (the sign-up's details, or a number). */
  changeLabel?: string
}

/** Step 2's way out: another code once the server allows it (one a minute), or back to step 1. */
export function OtpActions({
  secondsLeft,
  resending,
  onResend,
  onChangeDetails,
  changeLabel = 'Change details',
}: OtpActionsProps) {
  const waiting = secondsLeft > 0
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4">
      <Button
        type="button"
        variant="link"
        className="h-11 px-1"
        disabled={waiting || resending}
        onClick={onResend}
      >
        {waiting ? `Resend OTP in ${secondsLeft}s` : 'Resend OTP'}
      </Button>
      <Button type="button" variant="link" className="h-11 px-1" onClick={onChangeDetails}>
        {changeLabel}
      </Button>
    </div>
  )
}
