import { zodResolver } from '@hookform/resolvers/zod'
import { mobileVerificationBody, type MobileVerificationInput } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { OtpField } from '@/components/otp-field'
import { Button } from '@/components/ui/button'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useRequestMobileCode, useVerifyMobile } from '../api/sms-preferences'

/**
 * For an account whose mobile was never verified (made before sign-up codes went by SMS): a
 * code by SMS to that number, then the code, and the number signs in and gets order messages
 * (issue 32.8, decision 093).
 */
export function VerifyMobile({ mobile }: { mobile: string }) {
  const [sent, setSent] = useState<string | null>(null)
  const request = useRequestMobileCode()
  const verify = useVerifyMobile()
  const form = useForm<MobileVerificationInput>({
    resolver: zodResolver(mobileVerificationBody),
    defaultValues: { otp: '' },
  })

  function send() {
    request.mutate(undefined, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => toast.error(messageOf(error, 'The code could not be sent')),
    })
  }

  const submit = form.handleSubmit((input) =>
    verify.mutate(input, {
      onSuccess: () => toast.success(`${mobile} is verified: you can sign in with it.`),
      onError: (error) => {
        if (!showFieldErrors(error, form.setError, ['otp'])) {
          form.setError('otp', { message: messageOf(error, 'The code could not be checked') })
        }
        form.setFocus('otp', { shouldSelect: true })
      },
    }),
  )

  if (!sent) {
    return (
      <div className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3 text-sm sm:flex-row sm:items-center">
        <p className="flex-1">
          Verify {mobile} to sign in with it and to be sure order messages reach you.
        </p>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={request.isPending}
          onClick={send}
        >
          {request.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          Send code by SMS
        </Button>
      </div>
    )
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-lg bg-muted/60 p-3"
    >
      <p role="status" className="text-sm">
        {sent}
      </p>
      <OtpField
        id="verify-mobile-otp"
        error={form.formState.errors.otp?.message}
        {...form.register('otp')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="h-11" disabled={verify.isPending}>
          {verify.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          Verify mobile
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="h-11"
          disabled={request.isPending}
          onClick={send}
        >
          Send the code again
        </Button>
      </div>
    </form>
  )
}
