import type * as React from 'react'
import { FileDown } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { EXPORT_PATH } from '../api/consents'
import { ConsentsList } from './consents-list'
import { DeleteAccountDialog } from './delete-account-dialog'

/** A titled part of the Privacy tab. */
function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex max-w-2xl flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The account's Privacy tab (issue 30.11, decision 076): the consents with their withdrawal,
 * the download of everything held about the person, and the deletion of the account.
 */
export function PrivacyTab() {
  return (
    <div className="flex flex-col gap-8">
      <Part id="privacy-consents" title="Your consents">
        <ConsentsList />
      </Part>
      <Part id="privacy-download" title="Download my data">
        <p className="text-sm text-muted-foreground">
          One JSON file with your profile, addresses, orders, reviews, consents, sign-ins and
          messages.
        </p>
        <Button asChild variant="outline" className="h-11 self-start sm:h-10">
          {/* A plain link: the browser downloads the file with the session cookie. */}
          <a href={EXPORT_PATH} download>
            <FileDown aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </Part>
      <Part id="privacy-delete" title="Delete my account">
        <p className="text-sm text-muted-foreground">
          Possible once no order, return or refund is under way. See the{' '}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>{' '}
          for what is kept and for how long.
        </p>
        <DeleteAccountDialog />
      </Part>
    </div>
  )
}
