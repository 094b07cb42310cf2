/**
 * The invoices module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export {
  creditNotesOf,
  isLateCredit,
  issueReturnCreditNote,
  type CreditNoteLastDay,
} from './credit-notes'
export { purgeUnservedPdfs } from './invoice-files'
export { invoicesRoutes } from './invoices.routes'
export { taxKindFor } from './gst'
export { includedGstPaise, type GstLine } from './included-gst'
export {
  assertInvoiceable,
  draftInvoice,
  issueCreditNote,
  issueInvoice,
  issuedInvoiceOf,
} from './issue'
export type { DraftInvoice } from './issue'
export { burnReservation, releaseReservation } from './reservations'
export { settleStaleReservations } from './stale-reservations'
export type { MarketplaceIdentity } from './issue'
export { financialYear, nextSerial } from './numbering'
export { signingKeysRoutes } from './signing-keys.routes'
export { lateCreditsRoutes } from './late-credits.routes'
