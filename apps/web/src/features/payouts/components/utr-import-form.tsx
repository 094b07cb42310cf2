import { utrImportInput } from '@techbazaar/shared'
import { LoaderCircleIcon, UploadIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { messageOf } from '@/lib/server-errors'
import { useImportUtrFile, type UtrImportResult } from '../api/import-utr-file'

/** What the import did, counted, and each row the server could not read. */
function ImportResult({ result }: { result: UtrImportResult }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <p className="font-medium">
        Imported: {result.paid} paid, {result.failed} failed, {result.unchanged} unchanged.
      </p>
      {result.errors.length > 0 && (
        <>
          <p className="font-medium text-destructive">
            {result.errors.length} {result.errors.length === 1 ? 'row' : 'rows'} not read:
          </p>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-destructive">
            {result.errors.map((error) => (
              <li key={`${error.row}-${error.message}`}>
                Row {error.row}: {error.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/**
 * The bank's status file, brought back after it paid the bank file: read here as text and sent
 * whole; each row settles its payout (paid with the UTR, or failed and the money back).
 */
export function UtrImportForm() {
  const importFile = useImportUtrFile()
  const [file, setFile] = useState<File | null>(null)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = utrImportInput.safeParse({ csv: file ? await file.text() : '' })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Choose the bank’s status file')
      input.current?.focus()
      return
    }
    setFieldError(null)
    importFile.mutate(parsed.data.csv)
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex max-w-xl flex-col gap-3"
    >
      <FormField
        ref={input}
        id="utr-file"
        type="file"
        label="Bank status file (CSV)"
        accept=".csv,text/csv"
        description="The file the bank gives back with each payment's UTR or failure."
        disabled={importFile.isPending}
        error={fieldError ?? undefined}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:text-sm file:font-medium"
      />
      <Button
        type="submit"
        variant="outline"
        className="h-11 sm:self-start"
        disabled={importFile.isPending}
      >
        {importFile.isPending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <UploadIcon aria-hidden="true" />
        )}
        {importFile.isPending ? 'Importing…' : 'Import bank status file'}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {importFile.isSuccess && <ImportResult result={importFile.data} />}
        {importFile.isError && (
          <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive">
            {messageOf(importFile.error, 'The file could not be imported.')}
          </p>
        )}
      </div>
    </form>
  )
}
