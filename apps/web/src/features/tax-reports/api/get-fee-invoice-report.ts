import type { FeeInvoicesResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type MonthFeeInvoice = FeeInvoicesResponse['data'][number]

export const feeInvoiceReportKeys = {
  all: ['fee-invoice-report'] as const,
  month: (month: string) => [...feeInvoiceReportKeys.all, month] as const,
}

const path = (month: string) => `/admin/settlements/reports/fee-invoices?month=${month}`

/** The month's documents as CSV, one row per document and rate, for GSTR-1. */
export function feeInvoiceReportCsvUrl(month: string): string {
  return `/api${path(month)}&format=csv`
}

/** Every seller's fee invoices and credit notes of a month (admins). */
export function getFeeInvoiceReport(month: string, signal?: AbortSignal) {
  return api<FeeInvoicesResponse>(path(month), { signal }).then((response) => response.data)
}

export function useFeeInvoiceReport(month: string) {
  return useQuery(
    queryOptions({
      queryKey: feeInvoiceReportKeys.month(month),
      queryFn: ({ signal }) => getFeeInvoiceReport(month, signal),
    }),
  )
}
