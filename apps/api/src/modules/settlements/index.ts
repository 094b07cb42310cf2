/**
 * The settlements module's public surface (the sellers' ledger, issue 28): what other modules,
 * the app and the jobs may use of it. Everything else in the folder is its own (lint:
 * import-x/no-restricted-paths, issue 27.2).
 */
export { availableBySeller, balancesBySeller, sellerBalances, sellerEarnings } from './balances'
export type { SellerBalances } from './balances'
export { reverseReturnedGoods, settleDeliveredPart } from './ledger'
export type { SettlementPolicy } from './ledger'
export { issueDueFeeInvoices, issueFeeInvoices } from './fee-invoices/issue'
export type { FeeInvoiceDeps } from './fee-invoices/issue'
export {
  giveBackPayout,
  giveBackPayouts,
  takeOutForPayout,
  takeOutForPayouts,
} from './payout-entries'
export { marketplaceFigures } from './marketplace-figures'
export { payoutBlockOf } from './payout-block'
export { settlementsRoutes } from './settlements.routes'
