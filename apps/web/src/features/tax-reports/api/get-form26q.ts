import type { Form26qResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { FyQuarter } from '@/lib/report-periods'

export type Form26q = Form26qResponse['data']

export const form26qKeys = {
  all: ['form26q'] as const,
  quarter: ({ fy, quarter }: FyQuarter) => [...form26qKeys.all, fy, quarter] as const,
}

const query = ({ fy, quarter }: FyQuarter, format?: 'csv') =>
  new URLSearchParams({
    fy: String(fy),
    quarter: String(quarter),
    ...(format ? { format } : {}),
  })

/** The same deductee rows as CSV, in the annexure's columns. */
export function form26qCsvUrl(period: FyQuarter): string {
  return `/api/admin/settlements/reports/26q?${query(period, 'csv')}`
}

/** Form 26Q's deductee rows for a quarter: TDS under s.194-O per seller and month (admins only). */
export function getForm26q(period: FyQuarter, signal?: AbortSignal) {
  return api<Form26qResponse>(`/admin/settlements/reports/26q?${query(period)}`, { signal }).then(
    (response) => response.data,
  )
}

export function useForm26q(period: FyQuarter) {
  return useQuery(
    queryOptions({
      queryKey: form26qKeys.quarter(period),
      queryFn: ({ signal }) => getForm26q(period, signal),
    }),
  )
}
