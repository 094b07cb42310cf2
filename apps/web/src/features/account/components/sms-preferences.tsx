import { SMS_NOTICE_KINDS, SMS_NOTICE_LABELS, type SmsNoticeKind } from '@techbazaar/shared'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useSaveSmsPreferences, useSmsPreferences } from '../api/sms-preferences'
import { VerifyMobile } from './verify-mobile'

/**
 * "Messages on your phone" (issue 32.7): one box per order message sent by SMS, saved as it is
 * ticked. One-time passwords are not listed: they always go (decision 093).
 */
export function SmsPreferencesSection() {
  const uid = useId()
  const query = useSmsPreferences()
  const save = useSaveSmsPreferences()

  function toggle(kind: SmsNoticeKind, on: boolean) {
    if (!query.data) return
    save.mutate(
      { ...query.data.preferences, [kind]: on },
      {
        onSuccess: () =>
          toast.success(`${SMS_NOTICE_LABELS[kind]} messages by SMS are ${on ? 'on' : 'off'}.`),
        onError: (error) => toast.error(messageOf(error, 'Your choice could not be saved')),
      },
    )
  }

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="flex max-w-xl flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          Messages on your phone
        </h2>
        <p className="text-sm text-muted-foreground">
          Choose which order updates we send to your mobile by SMS. One-time passwords for signing
          up and signing in are always sent: they are not a choice.
        </p>
      </div>
      {query.isPending ? (
        <div aria-busy="true" aria-label="Loading your SMS choices" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>Your SMS choices could not be loaded.</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm">
            {query.data.mobile ? (
              <>
                Sent to <span className="font-medium">{query.data.mobile}</span>
                {query.data.mobileVerified
                  ? ' (verified: you can also sign in with it).'
                  : ' (not verified: it cannot be used to sign in).'}
              </>
            ) : (
              'Your account has no mobile number, so no SMS is sent.'
            )}
          </p>
          {query.data.mobile && !query.data.mobileVerified && (
            <VerifyMobile mobile={query.data.mobile} />
          )}
          <fieldset className="flex flex-col" disabled={!query.data.mobile}>
            <legend className="sr-only">Order updates by SMS</legend>
            {SMS_NOTICE_KINDS.map((kind) => {
              const id = `${uid}-${kind}`
              return (
                <div key={kind} className="flex min-h-11 items-center gap-3">
                  <Checkbox
                    id={id}
                    checked={query.data.preferences[kind]}
                    disabled={save.isPending || !query.data.mobile}
                    onCheckedChange={(checked) => toggle(kind, checked === true)}
                    className="size-5"
                  />
                  <Label htmlFor={id} className="flex-1 cursor-pointer py-2 font-normal">
                    {SMS_NOTICE_LABELS[kind]}
                  </Label>
                </div>
              )
            })}
          </fieldset>
        </>
      )}
    </section>
  )
}
