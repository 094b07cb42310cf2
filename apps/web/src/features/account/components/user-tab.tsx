import type { SessionUser } from '@techbazaar/shared'
import { ChangePasswordForm } from './change-password-form'
import { SmsPreferencesSection } from './sms-preferences'

/**
 * The signed-in user's details (spec §2: username, email; mobile too), the order messages they
 * get by SMS, and the password change.
 */
export function UserTab({ user }: { user: SessionUser }) {
  const rows: [string, string][] = [
    ['Username', user.userName],
    ['Email', user.email],
    ['Mobile', user.mobile ?? 'Not given'],
  ]
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid max-w-xl gap-0 divide-y rounded-xl border bg-card text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <SmsPreferencesSection />
      <ChangePasswordForm />
    </div>
  )
}
