import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  registerInputSchema,
  useRegister,
  useResendOtp,
  type RegisterFormValues,
  type RegisterInput,
} from '../api/register'
import { clearRegistrationToken } from '../api/registration-token'
import {
  useVerifyOtp,
  verifyOtpInputSchema,
  type VerifyOtpFormValues,
  type VerifyOtpInput,
} from '../api/verify-otp'
import { useCountdown } from '../hooks/use-countdown'
import { showFieldErrors } from '@/lib/server-errors'
import { FormField } from '@/components/ui/form-field'
import { OtpActions } from './otp-actions'
import { OtpField } from '@/components/otp-field'
import { SignupConsent } from './signup-consent'

export type RegisterVariant = 'user' | 'seller'

/** The server allows one OTP a minute per email. */
const RESEND_SECONDS = 60

type DetailName = 'userName' | 'email' | 'password' | 'mobile' | 'gstNumber'

const DETAIL_FIELDS: {
  name: DetailName
  label: string
  description?: string
  props: React.ComponentProps<'input'>
}[] = [
  {
    name: 'userName',
    label: 'Username',
    props: { autoComplete: 'name', placeholder: 'Your name' },
  },
  {
    name: 'email',
    label: 'Email',
    props: { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  },
  {
    name: 'password',
    label: 'Password',
    description: 'At least 8 characters, with letters and a number.',
    props: { type: 'password', autoComplete: 'new-password', placeholder: 'Choose a password' },
  },
  {
    name: 'mobile',
    label: 'Mobile',
    props: { type: 'tel', autoComplete: 'tel-national', placeholder: '10-digit mobile number' },
  },
  {
    name: 'gstNumber',
    label: 'GST Number',
    props: {
      autoCapitalize: 'characters',
      autoComplete: 'off',
      spellCheck: false,
      maxLength: 15,
      placeholder: '15-character GSTIN',
      className: 'uppercase placeholder:normal-case',
    },
  },
]

/**
 * Registration in two steps (spec §2 "Register screen", §4 "Registration"): the details request
 * an OTP by email; then the details lock and the code verifies, creates the account and signs in.
 * Sellers also give a GSTIN and register as role admin + type vendor.
 */
export function RegisterForm({ variant }: { variant: RegisterVariant }) {
  const seller = variant === 'seller'
  const fields = DETAIL_FIELDS.filter((field) => seller || field.name !== 'gstNumber')
  // The checked details the current OTP was sent for; set means step 2.
  const [sentFor, setSentFor] = useState<RegisterInput | null>(null)
  const resend = useCountdown()

  const details = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: {
      userName: '',
      email: '',
      password: '',
      mobile: '',
      // The notice this page shows; both boxes start unticked (decision 076).
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consentAccount: false,
      consentMarketing: false,
      ...(seller
        ? { gstNumber: '', role: 'admin', type: 'vendor' }
        : { role: 'user', type: 'user' }),
    },
  })
  const code = useForm<VerifyOtpFormValues, unknown, VerifyOtpInput>({
    resolver: zodResolver(verifyOtpInputSchema),
    defaultValues: { otp: '' },
  })

  const requestOtp = useRegister({
    onSuccess: (input) => {
      setSentFor(input)
      resend.start(RESEND_SECONDS)
    },
    onError: (error) =>
      showFieldErrors(error, details.setError, [
        ...fields.map((field) => field.name),
        'consentAccount',
      ]),
  })
  // A new code for the same sign-up: the server sends it for the token step 1 answered.
  const resendOtp = useResendOtp({ onSuccess: () => resend.start(RESEND_SECONDS) })
  const verify = useVerifyOtp({
    onError: (error) => {
      // A wrong code is retyped: select it so typing replaces it.
      if (!showFieldErrors(error, code.setError, ['otp'])) {
        code.setFocus('otp', { shouldSelect: true })
      }
    },
  })

  function changeDetails() {
    // Unlock the fields first so the first one can take focus.
    flushSync(() => setSentFor(null))
    // Changed details make a new sign-up (and token) at the next "Request OTP".
    clearRegistrationToken()
    code.reset()
    details.setFocus('userName')
  }

  const onSubmit = sentFor
    ? code.handleSubmit((input) => verify.mutate(input))
    : details.handleSubmit((input) => requestOtp.mutate(input))
  // Stays disabled after a verified code while the route guard moves on.
  const busy = sentFor ? verify.isPending || verify.isSuccess : requestOtp.isPending
  const errors = details.formState.errors

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Create new account</h1>
        <p className="text-sm text-muted-foreground">
          {seller
            ? 'Sell on TechBazaar: register your store with its GST Number.'
            : 'Check out faster and track every order.'}
        </p>
        <p className="text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center rounded-sm px-1 font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Login
          </Link>
        </p>
      </div>

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset disabled={sentFor !== null} className="flex min-w-0 flex-col gap-4">
          <legend className="sr-only">{seller ? 'Seller details' : 'Your details'}</legend>
          {fields.map((field) => (
            <FormField
              key={field.name}
              id={`register-${field.name}`}
              label={field.label}
              description={field.description}
              error={errors[field.name]?.message}
              {...field.props}
              {...details.register(field.name)}
            />
          ))}
          <Controller
            control={details.control}
            name="consentAccount"
            render={({ field: account }) => (
              <Controller
                control={details.control}
                name="consentMarketing"
                render={({ field: marketing }) => (
                  <SignupConsent
                    account={{
                      checked: account.value,
                      onCheckedChange: account.onChange,
                      boxRef: account.ref,
                      error: errors.consentAccount?.message,
                    }}
                    marketing={{
                      checked: marketing.value ?? false,
                      onCheckedChange: marketing.onChange,
                    }}
                  />
                )}
              />
            )}
          />
        </fieldset>

        {sentFor && (
          <OtpField
            id="register-otp"
            description={`We sent a 6-digit code to ${sentFor.email} and another by SMS to ${sentFor.mobile}: enter either. The one from the SMS also lets you sign in with your mobile number. Both are valid for 10 minutes.`}
            error={code.formState.errors.otp?.message}
            {...code.register('otp')}
          />
        )}

        <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="mt-2 w-full">
          {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {sentFor ? 'Verify OTP & Sign Up' : 'Request OTP'}
        </Button>

        {sentFor && (
          <OtpActions
            secondsLeft={resend.secondsLeft}
            resending={resendOtp.isPending}
            onResend={() => resendOtp.mutate()}
            onChangeDetails={changeDetails}
          />
        )}
      </form>
    </div>
  )
}
