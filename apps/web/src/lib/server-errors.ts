import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/lib/api-client'

/** What the API client says when the server gave no message of its own (or hid a 5xx). */
const NO_SERVER_MESSAGE = 'Something went wrong'

/**
 * The server's message when it sent one, else the screen's own fallback (spec §8: "server
 * message, else 'OTP verification failed'"). A network failure keeps the client's "cannot reach
 * the shop" text, which says more than any fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.message !== NO_SERVER_MESSAGE) {
    return error.message
  }
  return fallback
}

/**
 * Shows the server's field errors (`errors: [{ path, message }]`) under the matching fields and
 * focuses the first of them. Returns whether any matched one of `fields`.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false
  let matched = false
  for (const { path, message } of error.errors ?? []) {
    const field = fields.find((name) => name === path)
    if (!field) continue
    setError(field, { type: 'server', message }, { shouldFocus: !matched })
    matched = true
  }
  return matched
}
