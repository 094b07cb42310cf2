/**
 * The grievances module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { grievancesRoutes } from './grievances.routes'
export { openContactTicket } from './grievances.service'
export { countGrievances, sellerOfficer } from './grievance-queue'
export { grievancePolicyOf } from './policy-of'
