import type { GrievanceTicketResponse, TrackGrievanceInput } from '@techbazaar/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** A guest's ticket by its number and the email it was sent from (404 when they do not match). */
export function trackTicket(body: TrackGrievanceInput) {
  return api<GrievanceTicketResponse>('/common/grievances/track', { method: 'POST', json: body })
}

export function useTrackTicket() {
  return useMutation({ mutationFn: trackTicket })
}
