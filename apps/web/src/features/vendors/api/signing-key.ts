import type {
  MessageResponse,
  SigningKeyInfo,
  SigningKeyInput,
  SigningKeyResponse,
  SigningKeySavedResponse,
} from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

// Under the vendors' key, so whatever refreshes the seller list refreshes its certificate too.
export const signingKeyKeys = {
  detail: (vendorId: string) => [...vendorKeys.all, 'signing-key', vendorId] as const,
}

const path = (vendorId: string) => `/admin/vendors/${vendorId}/signing-key`

export function getSigningKey(vendorId: string, signal?: AbortSignal) {
  return api<SigningKeyResponse>(path(vendorId), { signal }).then((response) => response.data)
}

export function signingKeyQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: signingKeyKeys.detail(vendorId),
    queryFn: ({ signal }) => getSigningKey(vendorId, signal),
  })
}

/** Whose certificate signs the seller's invoices and until when; null when none does. */
export function useSigningKey(vendorId: string) {
  return useQuery(signingKeyQueryOptions(vendorId))
}

export function saveSigningKey({ vendorId, ...input }: SigningKeyInput & { vendorId: string }) {
  return api<SigningKeySavedResponse>(path(vendorId), { method: 'PUT', json: input })
}

/** Uploads a PKCS#12 file and its passphrase; the answer is the new certificate's info. */
export function useSaveSigningKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSigningKey,
    // The answer already says whose certificate it is: show it without waiting for a refetch.
    onSuccess: (response, { vendorId }) =>
      queryClient.setQueryData<SigningKeyInfo | null>(
        signingKeyKeys.detail(vendorId),
        response.data,
      ),
    onSettled: (_data, _error, { vendorId }) =>
      queryClient.invalidateQueries({ queryKey: signingKeyKeys.detail(vendorId) }),
  })
}

export function removeSigningKey({ vendorId }: { vendorId: string }) {
  return api<MessageResponse>(path(vendorId), { method: 'DELETE' })
}

/** Removes the certificate: the seller's invoices go out unsigned from then on. */
export function useRemoveSigningKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeSigningKey,
    onSuccess: (_response, { vendorId }) =>
      queryClient.setQueryData<SigningKeyInfo | null>(signingKeyKeys.detail(vendorId), null),
    onSettled: (_data, _error, { vendorId }) =>
      queryClient.invalidateQueries({ queryKey: signingKeyKeys.detail(vendorId) }),
  })
}
