import { zodResolver } from '@hookform/resolvers/zod'
import type { ForgotPasswordInput } from '@techbazaar/shared'
import { LoaderCircleIcon, MailCheckIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { toast } from '@/lib/toast'
import { useHydrated } from '@/lib/use-hydrated'
import {
  forgotPasswordInputSchema,
  useForgotPassword,
  type ForgotPasswordFormValues,
} from '../api/forgot-password'
import { messageOf, showFieldErrors } from '@/lib/server-errors'

/**
 * "Forgot password?": asks for the account's email and mails it a single-use link. The answer
 * never says whether the email has an account, so the page shows the server's message as is.
 */
export function ForgotPasswordForm() {
  const hydrated = useHydrated()
  const form = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  })
  const request = useForgotPassword()
  const { errors } = form.formState
  const submit = form.handleSubmit((input) =>
    request.mutate(input, {
      onError: (error) => {
        if (!showFieldErrors(error, form.setError, ['email'])) {
          toast.error(messageOf(error, 'Something went wrong'))
        }
      },
    }),
  )

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Forgot your password?</h1>
        <p className="text-sm text-muted-foreground">
          Enter the email of your account and we will mail you a link to set a new password.
        </p>
      </div>

      {request.isSuccess ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center"
        >
          <MailCheckIcon aria-hidden="true" className="size-10 text-success" />
          <p className="font-medium">Check your mail</p>
          <p className="text-sm text-muted-foreground">{request.data.message}</p>
          <Button variant="link" onClick={() => request.reset()}>
            Use another email
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <FormField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button
            type="submit"
            size="lg"
            disabled={!hydrated || request.isPending}
            aria-busy={request.isPending}
            className="w-full"
          >
            {request.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Send reset link
          </Button>
        </form>
      )}

      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  )
}
