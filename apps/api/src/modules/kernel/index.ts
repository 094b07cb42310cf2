/**
 * The kernel module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { familyLeadItems, queueFamilyLeadCheck, queueFamilyRefresh } from './family-leads'
export type { StockMove } from './family-leads'
export { lockOrder } from './lock-order'
export {
  BUYER_HIDDEN,
  buyerAddressFor,
  shopperWordsFor,
  viewOrder,
  withLabelFor,
} from './order-access'
export { readTimeline, recordHistory } from './order-history'
export { displayStatusIs, standingOf, standingsOf, toOrderLine } from './order-standing'
export { countReturnsAndRefunds, overdueRefund, overdueReturn } from './returns-flags'
export type { ReturnDecisionRule } from './returns-flags'
export { sellerDisplayName, sellerName } from './seller-name'
export { queueShopperSms, queueSmsTo, smsItemTo, smsRecipientColumns } from './shopper-sms'
export type { SmsRecipient } from './shopper-sms'
