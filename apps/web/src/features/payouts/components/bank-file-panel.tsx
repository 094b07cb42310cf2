import { DownloadIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { PayoutRunDetail } from '../api/get-payout-runs'
import { UtrImportForm } from './utr-import-form'

/**
 * Paying by the marketplace's own bank: download the run's bulk-payment file for the bank's
 * portal, then import the status file the bank gives back. The file holds the approved run's
 * payouts still waiting, so a preview has none to download yet.
 */
export function BankFilePanel({ run }: { run: PayoutRunDetail }) {
  return (
    <section
      aria-labelledby="bank-file-title"
      className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="bank-file-title" className="text-lg font-semibold">
          Bank file
        </h2>
        <p className="text-sm text-muted-foreground">
          Upload the file in the bank&apos;s portal, then import the status file it gives back.
        </p>
      </div>
      {run.status === 'approved' ? (
        <Button asChild className="h-11 w-fit">
          <a href={`/api/admin/payout-runs/${run._id}/bank-file`} download>
            <DownloadIcon aria-hidden="true" />
            Download bank file
          </a>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          {run.status === 'preview'
            ? 'Approve the run to download its bank file.'
            : 'A discarded run has no bank file.'}
        </p>
      )}
      <UtrImportForm />
    </section>
  )
}
