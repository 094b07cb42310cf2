import {
  BULK_CSV_MAX_BYTES,
  BULK_CSV_MAX_ROWS,
  type BulkResult,
  type BulkResultResponse,
} from '@techbazaar/shared'
import { DownloadIcon, FileCheckIcon, LoaderCircleIcon, UploadIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { DownloadLink } from '@/components/download-link'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ApiError } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { bulkTemplateUrl, useUploadBulkFile, type BulkKind } from '../api/bulk-upload'

/** Rows of problems listed on screen; the error report holds them all. */
const SHOWN_ERRORS = 100
const count = new Intl.NumberFormat('en-IN')

const TEXTS: Record<BulkKind, { template: string; hint: string; file: string }> = {
  products: {
    template: 'Download template',
    hint: 'One product per row. Leave id blank to add a product; a row with an id (or one of your SKUs) changes that product. Images: the addresses of images uploaded to the shop, separated by |, the cover first.',
    file: 'products',
  },
  'stock-price': {
    template: 'Download your products',
    hint: 'Your products with their price, sale price and stock, in rupees. Change what you need and upload the file; a blank cell keeps its value.',
    file: 'stock and prices',
  },
}

/** Saves the server's error report (the refused rows with an error column) as a file. */
function downloadReport(csv: string, kind: BulkKind) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = kind === 'products' ? 'products-errors.csv' : 'stock-and-prices-errors.csv'
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

/** What a check or an upload found: counts, the rows with problems, the report to fix them in. */
function BulkResultView({
  result,
  message,
  kind,
}: {
  result: BulkResult
  message: string
  kind: BulkKind
}) {
  const shown = result.errors.slice(0, SHOWN_ERRORS)
  const clean = result.failed === 0
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <p className="font-medium">{message}</p>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            [result.dryRun ? 'To add' : 'Added', result.created],
            [result.dryRun ? 'To change' : 'Changed', result.updated],
            ['With problems', result.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border bg-background p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{count.format(value)}</dd>
          </div>
        ))}
      </dl>
      {clean ? (
        <p>
          {result.dryRun
            ? 'Every row is fine. Upload the file to save it.'
            : 'Every row was saved.'}
        </p>
      ) : (
        <>
          <p>
            {result.dryRun
              ? 'Rows with problems would be left out; the others would be saved.'
              : 'Rows with problems were left out; the others were saved.'}{' '}
            Fix them in the error report and upload it again.
          </p>
          <Table>
            <caption className="sr-only">Rows with problems</caption>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Row</TableHead>
                <TableHead className="w-36">Column</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((error, i) => (
                <TableRow key={`${error.row}-${error.column}-${i}`}>
                  <TableCell className="tabular-nums">{error.row}</TableCell>
                  <TableCell className="font-mono text-xs">{error.column ?? '—'}</TableCell>
                  <TableCell className="break-words whitespace-normal">{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {result.errors.length > shown.length && (
            <p className="text-muted-foreground">
              And {count.format(result.errors.length - shown.length)} more in the error report.
            </p>
          )}
          {result.errorReport && (
            <Button
              type="button"
              variant="outline"
              className="h-11 sm:self-start"
              onClick={() => downloadReport(result.errorReport!, kind)}
            >
              <DownloadIcon aria-hidden="true" />
              Download error report
            </Button>
          )}
        </>
      )}
    </div>
  )
}

/** The problems of a file the server could not read at all (a missing column, an open quote). */
function FileProblem({ error }: { error: unknown }) {
  const details = error instanceof ApiError ? (error.errors ?? []) : []
  return (
    <div
      role="alert"
      className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <p className="font-medium">{messageOf(error, 'The file could not be read.')}</p>
      {details.length > 1 && (
        <ul className="mt-2 list-disc pl-5">
          {details.map((d) => (
            <li key={`${d.path}-${d.message}`}>{d.message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * One kind of bulk file: its template, a file picker, "Check file" (a dry run: every row checked,
 * nothing saved) and "Upload"; then what the server found, with the rows to fix.
 */
export function BulkFilePanel({ kind, sellerId }: { kind: BulkKind; sellerId?: string }) {
  const upload = useUploadBulkFile()
  const [file, setFile] = useState<File | null>(null)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [answer, setAnswer] = useState<BulkResultResponse | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const texts = TEXTS[kind]
  const id = `bulk-file-${kind}`

  async function send(dryRun: boolean) {
    const problem = !file
      ? 'Choose a CSV file'
      : file.size > BULK_CSV_MAX_BYTES
        ? `The file is larger than ${BULK_CSV_MAX_BYTES / 1024 / 1024} MB: split it into smaller ones`
        : null
    if (problem || !file) {
      setFieldError(problem)
      input.current?.focus()
      return
    }
    setFieldError(null)
    setAnswer(null)
    try {
      setAnswer(await upload.mutateAsync({ kind, csv: await file.text(), dryRun, sellerId }))
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{texts.hint}</p>
      <DownloadLink
        href={bulkTemplateUrl(kind, sellerId)}
        what={`for ${texts.file}`}
        label={texts.template}
      />
      <FormField
        ref={input}
        id={id}
        type="file"
        label="CSV file"
        accept=".csv,text/csv"
        description={`At most ${count.format(BULK_CSV_MAX_ROWS)} rows and ${BULK_CSV_MAX_BYTES / 1024 / 1024} MB.`}
        disabled={upload.isPending}
        error={fieldError ?? undefined}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null)
          setAnswer(null)
          upload.reset()
        }}
        className="py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:text-sm file:font-medium"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={upload.isPending}
          onClick={() => void send(true)}
        >
          {upload.isPending && upload.variables?.dryRun ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <FileCheckIcon aria-hidden="true" />
          )}
          Check file
        </Button>
        <Button
          type="button"
          className="h-11"
          disabled={upload.isPending}
          onClick={() => void send(false)}
        >
          {upload.isPending && !upload.variables?.dryRun ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          Upload
        </Button>
      </div>
      <div aria-live="polite" aria-busy={upload.isPending} className="empty:hidden">
        {upload.isPending && (
          <p className="text-sm text-muted-foreground">
            {upload.variables?.dryRun ? 'Checking every row…' : 'Saving…'}
          </p>
        )}
        {answer && <BulkResultView result={answer.data} message={answer.message} kind={kind} />}
        {upload.isError && <FileProblem error={upload.error} />}
      </div>
    </div>
  )
}
