import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import type { contactMessageBody, ContactMessageResponse } from '@techbazaar/shared'
import type { z } from 'zod'
import { api, type ApiError } from '@/lib/api-client'

/** What the form sends once zod has trimmed the fields and lower-cased the email. */
export type ContactMessage = z.output<typeof contactMessageBody>

/**
 * Stores the message for the shop's team and opens a grievance ticket (issue 30.7): answers the
 * thanks with the ticket's number.
 */
export function sendContactMessage(message: ContactMessage) {
  return api<ContactMessageResponse>('/common/contact', { method: 'POST', json: message })
}

type Options = Omit<
  UseMutationOptions<ContactMessageResponse, ApiError, ContactMessage>,
  'mutationFn'
>

export function useSendContactMessage(options: Options = {}) {
  return useMutation({ mutationFn: sendContactMessage, ...options })
}
