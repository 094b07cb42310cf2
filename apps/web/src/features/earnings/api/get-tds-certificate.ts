import type { TdsCertificateResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { FyQuarter } from '@/lib/report-periods'
import { whoseKey, whosePath, type Whose } from './whose'

export type TdsCertificate = TdsCertificateResponse['data']

export const tdsCertificateKeys = {
  all: ['tds-certificates'] as const,
  of: (whose: Whose, { fy, quarter }: FyQuarter) =>
    [...tdsCertificateKeys.all, ...whoseKey(whose), fy, quarter] as const,
}

/**
 * What a seller's Form 16A for a quarter should say (JSON only: the certificate itself comes
 * from TRACES once the marketplace's Form 26Q is processed).
 */
export function getTdsCertificate(whose: Whose, { fy, quarter }: FyQuarter, signal?: AbortSignal) {
  return api<TdsCertificateResponse>(whosePath(whose, `tds-certificates/${fy}/${quarter}`), {
    signal,
  }).then((response) => response.data)
}

export function useTdsCertificate(whose: Whose, period: FyQuarter) {
  return useQuery(
    queryOptions({
      queryKey: tdsCertificateKeys.of(whose, period),
      queryFn: ({ signal }) => getTdsCertificate(whose, period, signal),
    }),
  )
}
