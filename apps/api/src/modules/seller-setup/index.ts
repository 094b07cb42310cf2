/**
 * The seller-setup module's public surface (issue 31.6, decision 084): the checklist a seller
 * works through before it sells. Everything else in the folder is its own (lint:
 * import-x/no-restricted-paths, issue 27.2).
 */
export { sellerSetupRoutes } from './seller-setup.routes'
