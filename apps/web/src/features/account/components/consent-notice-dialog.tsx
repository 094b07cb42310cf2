import {
  acceptNoticeBody,
  MARKETING_NOTICE,
  PRIVACY_NOTICE_ITEMS,
  PRIVACY_NOTICE_VERSION,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { useAcceptNotice } from '../api/consents'

const ACCOUNT_BOX =
  'I have read the privacy notice and agree to my data being used for my account, orders, delivery and invoices.'
const REQUIRED = 'Please agree to the privacy notice to keep using your account'

/** Pages the notice leaves open: the full policy, and the Privacy tab where an account is deleted. */
function isExempt(pathname: string, search: string): boolean {
  if (pathname === '/privacy-policy') return true
  return pathname === '/shop/account' && new URLSearchParams(search).get('tab') === 'privacy'
}

/**
 * The privacy notice for accounts made before it existed, or that agreed to an older version
 * (DPDP Act s.5(2), Rules r.3; decision 82). Over every signed-in page until answered: it
 * cannot be closed, only agreed to, or left by signing out, reading the policy or (shoppers)
 * deleting the account. Both boxes start unticked.
 */
export function ConsentNoticeDialog({ onSignOut }: { onSignOut: () => void }) {
  const { user } = useSession()
  const { pathname, search } = useLocation()
  if (!user?.consentDue || isExempt(pathname, search)) return null
  return (
    <Dialog open>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="max-h-[90dvh] overflow-y-auto"
      >
        <DialogHeader>
          <DialogTitle>Our privacy notice</DialogTitle>
          <DialogDescription>
            Your account was made before this notice, or under an earlier version of it. Please read
            it and say whether you agree before you go on using your account.
          </DialogDescription>
        </DialogHeader>
        <NoticeForm onSignOut={onSignOut} canDelete={user.type === 'user'} />
      </DialogContent>
    </Dialog>
  )
}

function NoticeForm({ onSignOut, canDelete }: { onSignOut: () => void; canDelete: boolean }) {
  const accept = useAcceptNotice()
  const [account, setAccount] = useState(false)
  const [marketing, setMarketing] = useState(false)
  const [invalid, setInvalid] = useState('')
  const problem = invalid || (accept.error ? messageOf(accept.error, 'Something went wrong') : '')

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = acceptNoticeBody.safeParse({
      noticeVersion: PRIVACY_NOTICE_VERSION,
      consentAccount: account,
      consentMarketing: marketing,
    })
    if (!parsed.success) {
      setInvalid(REQUIRED)
      return
    }
    setInvalid('')
    accept.mutate(parsed.data, {
      onSuccess: () => toast.success('Thank you. Your consent is recorded.'),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 text-sm">
      <div>
        <p className="mb-2">What we collect for your account, and why:</p>
        <ul className="mb-2 list-disc space-y-1 pl-5">
          {PRIVACY_NOTICE_ITEMS.map((item) => (
            <li key={item.data}>
              <strong>{item.data}</strong>: {item.purpose}.
            </li>
          ))}
        </ul>
        <p className="mb-2">Optional: {MARKETING_NOTICE}</p>
        <p className="text-muted-foreground">
          You can download your data, withdraw a consent or delete your account at any time in My
          account → Privacy, as easily as you gave it. To complain, write to our Grievance Officer,
          and then to the Data Protection Board of India. Read the full{' '}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          . Notice version {PRIVACY_NOTICE_VERSION}.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id="notice-consentAccount"
            checked={account}
            onCheckedChange={(value) => setAccount(value === true)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'notice-consent-error' : undefined}
            className="mt-0.5"
          />
          <Label htmlFor="notice-consentAccount" className="leading-snug font-normal">
            {ACCOUNT_BOX}
          </Label>
        </div>
        {problem && (
          <p id="notice-consent-error" className="pl-7 font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id="notice-consentMarketing"
          checked={marketing}
          onCheckedChange={(value) => setMarketing(value === true)}
          className="mt-0.5"
        />
        <Label htmlFor="notice-consentMarketing" className="leading-snug font-normal">
          Send me offers and news by email (optional).
        </Label>
      </div>
      <DialogFooter className="flex-wrap gap-2">
        {canDelete && (
          <Button asChild variant="ghost" className="h-11 sm:h-10">
            <Link to="/shop/account?tab=privacy">Delete my account instead</Link>
          </Button>
        )}
        <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onSignOut}>
          Sign out
        </Button>
        <Button
          type="submit"
          className="h-11 sm:h-10"
          disabled={accept.isPending}
          aria-busy={accept.isPending}
        >
          {accept.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          Agree and continue
        </Button>
      </DialogFooter>
    </form>
  )
}
