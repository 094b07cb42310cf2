import { CONSENT_PURPOSE_LABELS, formatShopDate, type ConsentView } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useConsents, useSetConsent } from '../api/consents'

/** When a consent was given (and withdrawn), under which notice. */
function consentState(consent: ConsentView | undefined): string {
  if (!consent) return 'Not given'
  const given = `Given on ${formatShopDate(consent.givenAt, 'medium')} (notice ${consent.noticeVersion})`
  return consent.withdrawnAt
    ? `Withdrawn on ${formatShopDate(consent.withdrawnAt, 'medium')}`
    : given
}

/**
 * The consents in the account: the account's own (withdrawn only by deleting the account) and
 * the optional marketing mails, given or withdrawn with one button (decision 076).
 */
export function ConsentsList() {
  const consents = useConsents()
  const setConsent = useSetConsent()
  if (consents.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading your consents" className="flex flex-col gap-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  }
  if (consents.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>Your consents could not be loaded.</span>
        <Button size="sm" variant="outline" onClick={() => void consents.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const of = (purpose: ConsentView['purpose']) =>
    consents.data.consents.find((c) => c.purpose === purpose)
  const account = of('account')
  const marketing = of('marketing')
  const marketingOn = Boolean(marketing && !marketing.withdrawnAt)
  const toggle = () =>
    setConsent.mutate(
      { purpose: 'marketing', given: !marketingOn },
      {
        onSuccess: () =>
          toast.success(
            marketingOn ? 'You will get no more offers by email.' : 'Offers by email are on.',
          ),
        onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
      },
    )

  return (
    <ul className="flex flex-col divide-y rounded-xl border bg-card text-sm">
      <li className="flex flex-col gap-1 px-4 py-3">
        <span className="font-medium">{CONSENT_PURPOSE_LABELS.account}</span>
        <span className="text-muted-foreground">{consentState(account)}</span>
        <span className="text-muted-foreground">
          Needed for your account. To withdraw it, delete your account below.
        </span>
      </li>
      <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex flex-col gap-1">
          <span className="font-medium">{CONSENT_PURPOSE_LABELS.marketing}</span>
          <span className="text-muted-foreground">{consentState(marketing)}</span>
        </div>
        <Button
          size="sm"
          variant="outline"
          className="h-11 sm:h-10"
          disabled={setConsent.isPending}
          aria-busy={setConsent.isPending}
          onClick={toggle}
        >
          {setConsent.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {marketingOn ? 'Withdraw consent' : 'Give consent'}
        </Button>
      </li>
    </ul>
  )
}
