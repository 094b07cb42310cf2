import type { UtrImportResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { payoutRunKeys } from './get-payout-runs'

export type UtrImportResult = UtrImportResponse['data']

export function importUtrFile(csv: string) {
  return api<UtrImportResponse>('/admin/payouts/utr-import', {
    method: 'POST',
    json: { csv },
  }).then((response) => response.data)
}

/** Records the bank's status file: each row's UTR (paid) or reason (failed). */
export function useImportUtrFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importUtrFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutRunKeys.all }),
  })
}
