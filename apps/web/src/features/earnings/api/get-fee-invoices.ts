import type { FeeInvoicesResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whoseKey, whosePath, type Whose } from './whose'

export type FeeInvoice = FeeInvoicesResponse['data'][number]

export const feeInvoiceKeys = {
  all: ['fee-invoices'] as const,
  of: (whose: Whose) => [...feeInvoiceKeys.all, ...whoseKey(whose)] as const,
  month: (month: string) => [...feeInvoiceKeys.all, 'month', month] as const,
}

/** A fee invoice or credit note printed: an A4 PDF, downloaded by the browser. */
export function feeInvoicePdfUrl(id: string): string {
  return `/api/admin/settlements/fee-invoices/${id}/pdf`
}

/** A seller's tax invoices and credit notes from the marketplace, newest month first. */
export function getFeeInvoices(whose: Whose, signal?: AbortSignal) {
  return api<FeeInvoicesResponse>(whosePath(whose, 'fee-invoices'), { signal }).then(
    (response) => response.data,
  )
}

export function useFeeInvoices(whose: Whose) {
  return useQuery(
    queryOptions({
      queryKey: feeInvoiceKeys.of(whose),
      queryFn: ({ signal }) => getFeeInvoices(whose, signal),
    }),
  )
}
