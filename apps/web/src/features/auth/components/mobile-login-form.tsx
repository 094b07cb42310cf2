import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { showFieldErrors } from '@/lib/server-errors'
import {
  mobileCodeSchema,
  mobileRequestSchema,
  useRequestMobileCode,
  useVerifyMobileCode,
  type MobileCodeInput,
  type MobileCodeValues,
  type MobileRequestInput,
  type MobileRequestValues,
} from '../api/mobile-login'
import { useCountdown } from '../hooks/use-countdown'
import { OtpActions } from './otp-actions'
import { OtpField } from '@/components/otp-field'

/** The server allows one code a minute per number. */
const RESEND_SECONDS = 60

/**
 * "Sign in with mobile number" (issue 32.8): the mobile, then the code the SMS carried, as the
 * sign-up's OTP step works. Only a mobile proved at sign-up gets a code; the answer is the same
 * for any number, so the form never says whether one has an account.
 */
export function MobileLoginForm() {
  // The checked number the current code was sent to; set means step 2.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const resend = useCountdown()
  const number = useForm<MobileRequestValues, unknown, MobileRequestInput>({
    resolver: zodResolver(mobileRequestSchema),
    defaultValues: { mobile: '' },
  })
  const code = useForm<MobileCodeValues, unknown, MobileCodeInput>({
    resolver: zodResolver(mobileCodeSchema),
    defaultValues: { otp: '' },
  })
  const request = useRequestMobileCode({
    onSuccess: (input) => {
      setSentTo(input.mobile)
      resend.start(RESEND_SECONDS)
    },
    onError: (error) => showFieldErrors(error, number.setError, ['mobile']),
  })
  const verify = useVerifyMobileCode({
    onError: (error) => {
      if (!showFieldErrors(error, code.setError, ['otp'])) {
        code.setFocus('otp', { shouldSelect: true })
      }
    },
  })

  function changeNumber() {
    flushSync(() => setSentTo(null))
    code.reset()
    number.setFocus('mobile')
  }

  const onSubmit = sentTo
    ? code.handleSubmit((input) => verify.mutate({ mobile: sentTo, otp: input.otp }))
    : number.handleSubmit((input) => request.mutate(input))
  const busy = sentTo ? verify.isPending || verify.isSuccess : request.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset disabled={sentTo !== null} className="flex min-w-0 flex-col gap-4">
        <legend className="sr-only">Your mobile number</legend>
        <FormField
          id="login-mobile"
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          description="The mobile you verified with the code we sent by SMS when you signed up."
          error={number.formState.errors.mobile?.message}
          {...number.register('mobile')}
        />
      </fieldset>
      {sentTo && (
        <OtpField
          id="login-mobile-otp"
          description={`If ${sentTo} is the verified mobile of an account, we sent it a 6-digit code by SMS. It is valid for 10 minutes.`}
          error={code.formState.errors.otp?.message}
          {...code.register('otp')}
        />
      )}
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="w-full">
        {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        {sentTo ? 'Verify OTP & Sign In' : 'Send OTP'}
      </Button>
      {sentTo && (
        <OtpActions
          secondsLeft={resend.secondsLeft}
          resending={request.isPending}
          onResend={() => request.mutate({ mobile: sentTo })}
          onChangeDetails={changeNumber}
          changeLabel="Change number"
        />
      )}
    </form>
  )
}
