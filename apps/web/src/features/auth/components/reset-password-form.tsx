import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { useHydrated } from '@/lib/use-hydrated'
import {
  resetPasswordInputSchema,
  useResetLinkCheck,
  useResetPassword,
  type ResetPasswordFormValues,
} from '../api/reset-password'
import { messageOf, showFieldErrors } from '@/lib/server-errors'

const EMPTY: ResetPasswordFormValues = { newPassword: '', confirmPassword: '' }
type Checked = { newPassword: string; confirmPassword: string }

/**
 * The page the mailed link opens (`/reset-password?token=…`): a new password twice. Success signs
 * this browser in (every other device is signed out) and goes where a sign-in goes.
 */
export function ResetPasswordForm() {
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const form = useForm<ResetPasswordFormValues, unknown, Checked>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: EMPTY,
  })
  // The sign-in page's guard sends a signed-in person on to their landing page.
  const reset = useResetPassword({ onSuccess: () => void navigate('/login', { replace: true }) })
  const { errors } = form.formState
  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      { onError: (error) => showFieldErrors(error, form.setError, ['newPassword']) },
    ),
  )
  // A dead or mangled link (or a refusal not about the new password): a new link can help.
  const aboutPassword =
    reset.error instanceof ApiError &&
    Boolean(reset.error.errors?.some(({ path }) => path === 'newPassword'))
  // Said before the form: a link the shop knows is used, replaced or expired (issue 31.5).
  const check = useResetLinkCheck(token)
  const deadLink = check.data && check.data.state !== 'valid' ? check.data.message : null
  const linkProblem = !token
    ? 'This reset link is not complete. Please ask for a new one.'
    : deadLink
      ? deadLink
      : reset.isError && !aboutPassword
        ? messageOf(reset.error, 'Something went wrong. Please try again.')
        : null
  const busy = reset.isPending || reset.isSuccess

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
        <p className="text-sm text-muted-foreground">
          You will be signed in here and signed out on every other device.
        </p>
      </div>

      {linkProblem && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <p className="font-medium text-destructive">{linkProblem}</p>
          <Link
            to="/forgot-password"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Ask for a new link
          </Link>
        </div>
      )}

      {token && !deadLink && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <FormField
            id="reset-new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            description="At least 8 characters, with letters and at least one number."
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <FormField
            id="reset-confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button
            type="submit"
            size="lg"
            disabled={!hydrated || busy}
            aria-busy={busy}
            className="w-full"
          >
            {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Set new password
          </Button>
        </form>
      )}

      <p className="text-center text-sm text-muted-foreground">
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  )
}
