import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { loginInputSchema, useLogin, type LoginFormValues, type LoginInput } from '../api/login'
import { showFieldErrors } from '@/lib/server-errors'
import { FormField } from '@/components/ui/form-field'
import { MobileLoginForm } from './mobile-login-form'

/**
 * Sign-in by email and password (spec §2 "Login screen"), or by mobile number and an SMS code
 * (`?with=mobile`, issue 32.8): one page, so a link or the back button keeps the choice.
 */
export function LoginForm() {
  const [params, setParams] = useSearchParams()
  const byMobile = params.get('with') === 'mobile'
  const form = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  })
  const login = useLogin({
    onError: (error) => showFieldErrors(error, form.setError, ['email', 'password']),
  })
  const { errors } = form.formState
  // Stays disabled after success while the route guard moves on.
  const busy = login.isPending || login.isSuccess

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Sign in to your account</h1>
        <p className="text-sm text-muted-foreground">
          Welcome back. Sign in to see your orders and check out faster.
        </p>
      </div>

      {byMobile ? (
        <MobileLoginForm />
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((input) => login.mutate(input))}
          className="flex flex-col gap-5"
        >
          <FormField
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Link
            to="/forgot-password"
            className="-mt-3 self-end py-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="w-full">
            {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Sign In
          </Button>
        </form>
      )}

      <Button
        type="button"
        variant="outline"
        size="lg"
        className="-mt-4 w-full text-sm"
        onClick={() => setParams(byMobile ? {} : { with: 'mobile' }, { replace: true })}
      >
        {byMobile ? 'Sign in with email and password' : 'Sign in with mobile number'}
      </Button>

      <div className="flex flex-col gap-3">
        <p className="text-center text-sm text-muted-foreground">Don&apos;t have an account?</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button asChild variant="outline" size="lg" className="text-sm">
            <Link to="/register/user">Create User Account</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="text-sm">
            <Link to="/register/seller">Register as Seller</Link>
          </Button>
        </div>
      </div>
    </div>
  )
}
