import type { AcceptNoticeInput, ConsentsResponse, SessionUser } from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'
import { sessionQueryKey } from '@/lib/session/get-session'

export const consentKeys = { all: ['privacy', 'consents'] as const }

/** The signed-in person's consents, one per purpose, with the notice version agreed to. */
export function getConsents(signal?: AbortSignal): Promise<ConsentsResponse> {
  return api<ConsentsResponse>('/shop/privacy/consents', { signal })
}

export const consentsQueryOptions = queryOptions({
  queryKey: consentKeys.all,
  queryFn: ({ signal }) => getConsents(signal),
})

export function useConsents() {
  return useQuery(consentsQueryOptions)
}

export interface SetConsentInput {
  purpose: 'marketing'
  given: boolean
}

/** Gives (PUT) or withdraws (DELETE) an optional purpose: one call either way. */
export function setConsent({ purpose, given }: SetConsentInput): Promise<ConsentsResponse> {
  return api<ConsentsResponse>(`/shop/privacy/consents/${purpose}`, {
    method: given ? 'PUT' : 'DELETE',
  })
}

export function useSetConsent() {
  const queryClient = useQueryClient()
  return useMutation<ConsentsResponse, ApiError, SetConsentInput>({
    mutationFn: setConsent,
    onSuccess: (data) => queryClient.setQueryData(consentKeys.all, data),
  })
}

/** The JSON download of everything held about the signed-in person (a plain link fetches it). */
export const EXPORT_PATH = '/api/shop/privacy/export'

/** An account made before the current notice agrees to it (decision 82). */
export function acceptNotice(input: AcceptNoticeInput): Promise<ConsentsResponse> {
  return api<ConsentsResponse>('/shop/privacy/notice', { method: 'POST', json: input })
}

/** Agrees, then tells the session the notice is no longer due, so the dialog goes away. */
export function useAcceptNotice() {
  const queryClient = useQueryClient()
  return useMutation<ConsentsResponse, ApiError, AcceptNoticeInput>({
    mutationFn: acceptNotice,
    onSuccess: (data) => {
      queryClient.setQueryData(consentKeys.all, data)
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, consentDue: data.consentDue } : user,
      )
    },
  })
}
