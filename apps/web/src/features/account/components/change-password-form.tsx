import { zodResolver } from '@hookform/resolvers/zod'
import type { ChangePasswordInput } from '@techbazaar/shared'
import { LoaderCircle } from 'lucide-react'
import { useId } from 'react'
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useHydrated } from '@/lib/use-hydrated'
import {
  changePasswordInputSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/change-password'

type FieldName = keyof ChangePasswordFormValues
const EMPTY: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
}

/**
 * The User tab's password change: the current password, the new one twice. Success signs the
 * shopper out everywhere else (the server says so in its message) and keeps this browser in.
 */
export function ChangePasswordForm() {
  const uid = useId()
  // The account page is server-rendered: no native submit before hydration (useHydrated).
  const hydrated = useHydrated()
  const form = useForm<ChangePasswordFormValues, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: EMPTY,
  })
  const change = useChangePassword()
  const { errors } = form.formState

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword })
      toast.success(answer.message)
      form.reset(EMPTY)
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined
      let focused = false
      for (const { path, message } of apiError?.errors ?? []) {
        if (path !== 'currentPassword' && path !== 'newPassword') continue
        form.setError(path, { type: 'server', message }, { shouldFocus: !focused })
        focused = true
      }
      toast.error(apiError?.message ?? 'Something went wrong')
    }
  })

  const field = (name: FieldName) => ({
    uid,
    name,
    error: errors[name],
    input: form.register(name),
  })
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${uid}-title`}
      className="flex max-w-xl flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          Change password
        </h2>
        <p className="text-sm text-muted-foreground">
          You stay signed in here; every other device is signed out.
        </p>
      </div>
      <fieldset disabled={change.isPending} className="grid min-w-0 gap-4">
        <PasswordField
          {...field('currentPassword')}
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          {...field('newPassword')}
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters, with letters and at least one number."
        />
        <PasswordField
          {...field('confirmPassword')}
          label="Confirm new password"
          autoComplete="new-password"
        />
      </fieldset>
      <Button
        type="submit"
        className="self-end"
        disabled={!hydrated || change.isPending}
        aria-busy={change.isPending}
      >
        {change.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        Change password
      </Button>
    </form>
  )
}

/** A password input with its label, hint and error, tied together for assistive technology. */
function PasswordField({
  uid,
  name,
  label,
  hint,
  error,
  autoComplete,
  input,
}: {
  uid: string
  name: FieldName
  label: string
  hint?: string
  error?: FieldError
  autoComplete: string
  input: UseFormRegisterReturn<FieldName>
}) {
  const id = `${uid}-${name}`
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error?.message ? `${id}-error` : undefined
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...input}
        id={id}
        type="password"
        autoComplete={autoComplete}
        className="h-11"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  )
}
