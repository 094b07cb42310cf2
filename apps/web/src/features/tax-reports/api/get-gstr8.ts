import type { Gstr8Response } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type Gstr8 = Gstr8Response['data']

export const gstr8Keys = {
  all: ['gstr8'] as const,
  month: (month: string) => [...gstr8Keys.all, month] as const,
}

/** The same return as CSV, in the form's columns (no totals row: the offline tool sums). */
export function gstr8CsvUrl(month: string): string {
  return `/api/admin/settlements/reports/gstr8?${new URLSearchParams({ month, format: 'csv' })}`
}

/** GSTR-8 Table 3 for a month: supplies, returns and TCS per supplier GSTIN (admins only). */
export function getGstr8(month: string, signal?: AbortSignal) {
  return api<Gstr8Response>(`/admin/settlements/reports/gstr8?${new URLSearchParams({ month })}`, {
    signal,
  }).then((response) => response.data)
}

export function useGstr8(month: string) {
  return useQuery(
    queryOptions({
      queryKey: gstr8Keys.month(month),
      queryFn: ({ signal }) => getGstr8(month, signal),
    }),
  )
}
