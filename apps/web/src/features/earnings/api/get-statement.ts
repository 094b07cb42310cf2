import type { SellerStatementResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whoseKey, whosePath, type Whose } from './whose'

export type Statement = SellerStatementResponse['data']

export const statementKeys = {
  all: ['statements'] as const,
  of: (whose: Whose, month: string) => [...statementKeys.all, ...whoseKey(whose), month] as const,
}

const statementPath = (whose: Whose, month: string) => whosePath(whose, `statements/${month}`)

/** The same statement as CSV, one row per entry: a link's address, downloaded by the browser. */
export function statementCsvUrl(whose: Whose, month: string): string {
  return `/api${statementPath(whose, month)}?format=csv`
}

/** The same statement printed: an A4 PDF, downloaded by the browser like the CSV. */
export function statementPdfUrl(whose: Whose, month: string): string {
  return `/api${statementPath(whose, month)}?format=pdf`
}

/** A seller's month: opening balance, each part's entries, payouts, totals, closing balance. */
export function getStatement(whose: Whose, month: string, signal?: AbortSignal) {
  return api<SellerStatementResponse>(statementPath(whose, month), { signal }).then(
    (response) => response.data,
  )
}

export function useStatement(whose: Whose, month: string) {
  return useQuery(
    queryOptions({
      queryKey: statementKeys.of(whose, month),
      queryFn: ({ signal }) => getStatement(whose, month, signal),
    }),
  )
}
