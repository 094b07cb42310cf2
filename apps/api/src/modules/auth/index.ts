/**
 * The auth module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { authRoutes } from './auth.routes'
export { purgeExpiredAuthRows, type AuthRetention } from './cleanup'
export { issuePasswordReset } from './password-reset'
export { findSessionUser } from './sessions'
export { createSessionCache, SESSIONS_CHANNEL } from './session-cache'
export type { SessionCache } from './session-cache'
export { takeSignInAttempt } from './sign-in-throttle'
export { isConsentDue } from './consent-due'
