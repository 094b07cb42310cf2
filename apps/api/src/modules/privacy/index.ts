/**
 * The privacy module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { privacyRoutes } from './privacy.routes'
export { purgeRetained } from './retention'
export { eraseInactiveAccounts } from './inactivity'
