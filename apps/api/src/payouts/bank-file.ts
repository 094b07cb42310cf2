/**
 * The bank-file rail (issue 28), for a shop that pays sellers from its own current account: no
 * API moves the money. The shop downloads the week's payouts as a bulk-payment file, uploads it to
 * its bank's corporate portal, and later imports the status (UTR) file the bank gives back.
 *
 * The rail itself therefore knows nothing: an account is confirmed by an admin (pending until
 * then), a transfer is queued for the next file (processing, no rail reference), and its status is
 * processing until the shop records the outcome from the UTR import. It has no memory, so it
 * answers processing for any payout it is asked about, and it receives no webhooks.
 *
 * The payment file layout: a header row, then one row per payout, CSV (RFC 4180, CRLF):
 *   Transaction Type, Beneficiary Code, Beneficiary Account Number, Amount, Beneficiary Name, IFSC,
 *   Customer Reference Number, Value Date, Remarks, Beneficiary Email
 * modelled on the vendor-payment bulk uploads of HDFC Bank ENet and ICICI/Axis corporate internet
 * banking (the same fields, named near enough for their upload mappers): Transaction Type NEFT,
 * or RTGS from ₹2,00,000 (RBI's RTGS minimum); Amount in rupees with 2 decimals; Value Date
 * DD/MM/YYYY (India); Customer Reference Number our payout id, which the status file gives back.
 * [CHECK] Each bank's template differs in order, header words and lengths (HDFC's ENet file has no
 * header row and a 20-character reference; ICICI wants its own codes); a shop maps this file once
 * in its portal's upload mapper, or asks its bank for the template and we add that layout.
 */
import { csvRupees, parseCsv, toCsv } from '../lib/csv'
import { bankText, digest } from './rail-http'
import { PayoutRailAuthError, type Payee, type PayoutRail } from './types'

export const PENDING_ADMIN = 'An admin confirms this account'

export function createBankFileRail(): PayoutRail {
  const pending = (reference: string) => ({
    status: 'pending' as const,
    reference,
    nameAtBank: null,
    reason: PENDING_ADMIN,
  })
  const processing = () => ({
    status: 'processing' as const,
    railReference: null,
    utr: null,
    failureReason: null,
  })
  return {
    name: 'BANK_FILE',
    sandbox: false,
    verifyAccount: async (_payee, reference) => pending(reference),
    accountCheck: async (reference) => pending(reference),
    // Nothing is sent: the payout waits for the next bank file.
    transfer: async () => processing(),
    // No memory: the shop records outcomes from the bank's UTR file (parseUtrFile).
    transferStatus: async () => processing(),
    verifyWebhook() {
      throw new PayoutRailAuthError('the bank-file rail receives no webhooks')
    },
  }
}

/** One payout in a bank file. */
export interface BankFileRow {
  payoutId: string
  amountPaise: number
  payee: Payee
  remark: string
  /** The day the bank is to pay it (written in India's calendar). */
  valueDate: Date
}

export interface BankFileOptions {
  /** RTGS from this amount (paise), NEFT below; RBI's RTGS minimum is ₹2,00,000. */
  rtgsFromPaise?: number
}

export const BANK_FILE_COLUMNS = [
  'Transaction Type',
  'Beneficiary Code',
  'Beneficiary Account Number',
  'Amount',
  'Beneficiary Name',
  'IFSC',
  'Customer Reference Number',
  'Value Date',
  'Remarks',
  'Beneficiary Email',
] as const

const RTGS_MIN_PAISE = 2_00_000_00

/** The seller's code in the bank's beneficiary list: 12 characters, the same for every file. */
export function bankBeneficiaryCode(sellerId: string): string {
  return `TB${digest('bank-beneficiary', sellerId).slice(0, 10).toUpperCase()}`
}

/** DD/MM/YYYY of a moment, in India. */
export function indianDate(at: Date): string {
  const [year, month, day] = new Date(at.getTime() + 330 * 60_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
  return `${day}/${month}/${year}`
}

/** The bulk-payment CSV for `rows` (header first, CRLF line ends, formulas neutralised). */
export function bankPaymentFile(rows: readonly BankFileRow[], opts: BankFileOptions = {}): string {
  const rtgsFrom = opts.rtgsFromPaise ?? RTGS_MIN_PAISE
  const lines = rows.map((row) => [
    row.amountPaise >= rtgsFrom ? 'RTGS' : 'NEFT',
    bankBeneficiaryCode(row.payee.sellerId),
    row.payee.account.accountNumber.trim(),
    csvRupees(row.amountPaise),
    row.payee.account.holderName.trim(),
    row.payee.account.ifsc.trim().toUpperCase(),
    row.payoutId,
    indianDate(row.valueDate),
    bankText(row.remark, 30),
    row.payee.email.trim(),
  ])
  return toCsv(BANK_FILE_COLUMNS, lines)
}

/** One payout's outcome as the bank's status file says it. */
export interface UtrRecord {
  /** Its line in the file (the header being 1), for the import's own messages. */
  row: number
  payoutId: string
  status: 'paid' | 'failed'
  utr: string | null
  failureReason: string | null
}

/** A row the import could not read (`row`: its line in the file, the header being 1). */
export interface UtrFileError {
  row: number
  message: string
}

/** Header words per field, compared lower-case without spaces or punctuation. */
const HEADERS = {
  payoutId: [
    'customerreferencenumber',
    'customerreferenceno',
    'customerrefnumber',
    'customerrefno',
    'customerreference',
    'custrefno',
    'custrefnumber',
    'crn',
    'payoutid',
    'paymentreference',
    'clientreference',
  ],
  utr: ['utr', 'utrno', 'utrnumber', 'utrreference', 'utrrrn', 'rrn', 'bankreference', 'bankrefno'],
  status: ['status', 'transactionstatus', 'txnstatus', 'paymentstatus', 'transferstatus'],
  reason: [
    'reason',
    'failurereason',
    'rejectionreason',
    'returnreason',
    'errordescription',
    'statusdescription',
    'remarks',
  ],
} as const
const PAID_WORDS = new Set(['paid', 'success', 'successful', 'processed', 'executed', 'completed', 'settled', 'credited']) // prettier-ignore
const FAILED_WORDS = new Set(['failed', 'failure', 'rejected', 'returned', 'reversed', 'cancelled', 'canceled', 'unsuccessful']) // prettier-ignore

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
/** A cell as typed: trimmed, without the apostrophe a spreadsheet (or our file) puts before text. */
const value = (text: string | undefined) => (text ?? '').trim().replace(/^'(?=.)/, '')
/** A UUID written without hyphens or in capitals, as spreadsheets sometimes return it. */
const payoutIdOf = (text: string) => {
  const hex = /^[0-9a-f]{32}$/i.test(text) ? text : null
  const id = hex
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : text
  return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : id
}

/**
 * The outcomes in a bank's status (UTR) file. Header names are matched case-insensitively with
 * their common variants ("Customer Ref No", "UTR Number", "Transaction Status", "Failure
 * Reason"…). Never throws: rows it cannot read come back as errors with their row number, and a
 * file it cannot read at all is one error on row 1.
 */
export function parseUtrFile(csvText: string): { rows: UtrRecord[]; errors: UtrFileError[] } {
  const rows: UtrRecord[] = []
  const errors: UtrFileError[] = []
  try {
    const { records, unclosedQuoteAt } = parseCsv(String(csvText ?? ''))
    const [head, ...body] = records
    if (!head) return { rows, errors: [{ row: 1, message: 'The file is empty' }] }
    const names = head.cells.map(squash)
    // The first variant present wins: "Failure Reason" before a "Remarks" column echoing ours.
    const column = (field: keyof typeof HEADERS) =>
      HEADERS[field].map((variant) => names.indexOf(variant)).find((i) => i >= 0) ?? -1
    const at = { payoutId: column('payoutId'), utr: column('utr'), status: column('status') }
    const reasonAt = column('reason')
    const missing = [
      at.payoutId < 0 && 'Customer Reference Number (the payout id)',
      at.status < 0 && 'Status',
      at.utr < 0 && 'UTR',
    ].filter(Boolean)
    if (missing.length > 0) {
      return { rows, errors: [{ row: head.row, message: `No column for ${missing.join(', ')}` }] }
    }
    for (const { row, cells } of body) {
      const payoutId = payoutIdOf(value(cells[at.payoutId]))
      const word = value(cells[at.status])
      const utr = value(cells[at.utr]) || null
      const reason = reasonAt >= 0 ? value(cells[reasonAt]) || null : null
      const status = squash(word)
      if (!payoutId) {
        errors.push({ row, message: 'No payout id (Customer Reference Number)' })
      } else if (PAID_WORDS.has(status)) {
        if (utr) rows.push({ row, payoutId, status: 'paid', utr, failureReason: null })
        else errors.push({ row, message: `Payout ${payoutId} is marked paid without a UTR` })
      } else if (FAILED_WORDS.has(status)) {
        const failureReason = reason ?? `The bank marked it ${word}`
        rows.push({ row, payoutId, status: 'failed', utr, failureReason })
      } else {
        const shown = word ? `"${word}"` : 'empty'
        errors.push({
          row,
          message: `Payout ${payoutId}: status ${shown} is neither paid nor failed`,
        })
      }
    }
    if (unclosedQuoteAt !== undefined) {
      errors.push({ row: unclosedQuoteAt, message: 'A quote opened here is never closed' })
    }
  } catch (err) {
    errors.push({ row: 1, message: `The file could not be read: ${String(err)}` })
  }
  return { rows, errors }
}
