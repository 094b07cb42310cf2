import type { TcsStatementResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { whoseKey, whosePath, type Whose } from './whose'

export type TcsStatement = TcsStatementResponse['data']

export const tcsStatementKeys = {
  all: ['tcs-statements'] as const,
  of: (whose: Whose, month: string) =>
    [...tcsStatementKeys.all, ...whoseKey(whose), month] as const,
}

const tcsStatementPath = (whose: Whose, month: string) =>
  whosePath(whose, `tcs-statements/${month}`)

/** The same TCS statement as CSV (invoices, then credit notes): a link's address. */
export function tcsStatementCsvUrl(whose: Whose, month: string): string {
  return `/api${tcsStatementPath(whose, month)}?format=csv`
}

/** A seller's TCS for a GSTR-8 month: per invoice and credit note, with totals. */
export function getTcsStatement(whose: Whose, month: string, signal?: AbortSignal) {
  return api<TcsStatementResponse>(tcsStatementPath(whose, month), { signal }).then(
    (response) => response.data,
  )
}

export function useTcsStatement(whose: Whose, month: string) {
  return useQuery(
    queryOptions({
      queryKey: tcsStatementKeys.of(whose, month),
      queryFn: ({ signal }) => getTcsStatement(whose, month, signal),
    }),
  )
}
