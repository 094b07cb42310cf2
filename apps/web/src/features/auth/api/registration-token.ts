/**
 * The secret step 1 of registration answers. Step 2 and a resend must send it: it names the one
 * pending sign-up this tab started, so a sign-up started elsewhere for the same email can never
 * be completed (or changed) from here, nor this one from there. Session storage: it belongs to
 * this tab and this visit only; where storage is unavailable it lives in memory for the page.
 */
export const REGISTRATION_TOKEN_KEY = 'registration_token'

let inMemory: string | null = null

export function saveRegistrationToken(token: string) {
  inMemory = token
  try {
    sessionStorage.setItem(REGISTRATION_TOKEN_KEY, token)
  } catch {
    // Private mode or a full quota: the copy in memory serves this page.
  }
}

export function readRegistrationToken(): string {
  try {
    return sessionStorage.getItem(REGISTRATION_TOKEN_KEY) ?? inMemory ?? ''
  } catch {
    return inMemory ?? ''
  }
}

export function clearRegistrationToken() {
  inMemory = null
  try {
    sessionStorage.removeItem(REGISTRATION_TOKEN_KEY)
  } catch {
    // See saveRegistrationToken.
  }
}
