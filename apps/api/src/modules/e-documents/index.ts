/**
 * The e-documents module's public surface (issue 30, items 8 and 9): the IRN and e-way bill a
 * dispatch needs, their undoing, and the admins' per-seller e-invoicing switch.
 */
export {
  assertDispatchDocuments,
  assertIrnIfNeeded,
  askPortals,
  cancelIrn,
  DispatchDocumentsError,
  registerDispatchDocuments,
  type PortalAnswers,
  type GstDeps,
} from './dispatch-documents'
export { cancelDispatchDocuments, eWayBillOf, invoiceCancelledAtIrp } from './undo'
export { eDocumentsRoutes } from './e-documents.routes'
export {
  CreditNoteIrnDeferred,
  registerCreditNoteIrn,
  registerPendingCreditNotes,
  type CreditNoteIrnDeps,
} from './credit-note-irn'
export { mustEInvoice } from './applies'
