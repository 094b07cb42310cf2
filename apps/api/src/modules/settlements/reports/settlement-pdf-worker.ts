import type { SellerStatementResponse } from '@techbazaar/shared'
import { serveTasks } from '../../../lib/task-worker'
import type { FeeInvoiceDocument } from '../../../db/schema/fee-invoice-document'
import { renderFeeInvoicePdf } from '../fee-invoices/fee-invoice-pdf'
import { renderStatementPdf, type StatementSeller } from './statement-pdf'

/*
 * The worker thread of settlement-pdfs.ts: renders one settlement document's PDF. A request
 * names its document type, so the settlements' other printed documents (a payout advice, say)
 * join this thread as another member of the union instead of starting a thread of their own.
 */

export type SettlementPdfRequest =
  | {
      type: 'statement'
      statement: SellerStatementResponse['data']
      seller: StatementSeller
      shopName: string
    }
  | { type: 'feeInvoice'; document: FeeInvoiceDocument; shopName: string }

serveTasks<SettlementPdfRequest, Uint8Array>((request) => {
  switch (request.type) {
    case 'statement':
      return renderStatementPdf(request.statement, request.seller, request.shopName)
    case 'feeInvoice':
      return renderFeeInvoicePdf(request.document, request.shopName)
    default: {
      // A type added to the union without its renderer fails to compile here.
      const unknown: never = request
      throw new Error(`no renderer for settlement document ${JSON.stringify(unknown)}`)
    }
  }
})
