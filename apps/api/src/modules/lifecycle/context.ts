import type { Tx } from '../../db/client'
import type { CreditNoteLastDay, MarketplaceIdentity } from '../invoices'
import type { RefundPolicy } from '../refunds'
import type { SettlementPolicy } from '../settlements'
import type { MoveRequest } from './move'

/** What every move and its effects need from the shop: built once by the app (app.deps.lifecycle). */
export interface LifecycleContext {
  /** The limit per order, for the lines an unpaid order's end puts back in the cart. */
  maxPerProduct: number
  shopName: string
  /** The supplier of admins' products and operator on every invoice issued at dispatch. */
  marketplace: MarketplaceIdentity
  /** The shop's clock (tests move it): every moment a move writes comes from it. */
  now: () => Date
  /** Days a refund is promised within (REFUND_DAYS). */
  refundDays: number
  /** CGST s.34(2)'s last day for credit notes (CREDIT_NOTE_LAST_DAY). */
  creditNoteLastDay: CreditNoteLastDay
  /** The rates a delivery's ledger entries are written at (config.settlement). */
  settlement: SettlementPolicy
  /** Whether the marketplace's own supplies are e-invoiced (issue 30.8); absent: no. */
  marketplaceEInvoicing?: boolean
}

/** The context, from the shop's configuration and its clock. */
export function lifecycleContext(
  config: {
    orderLimits: { maxQtyPerProduct: number }
    shopName: string
    marketplace: MarketplaceIdentity
    returns: { refundDays: number; creditNoteLastDay: CreditNoteLastDay }
    settlement: SettlementPolicy
    gstPortals?: { marketplaceEInvoicing: boolean }
  },
  now: () => Date,
): LifecycleContext {
  return {
    maxPerProduct: config.orderLimits.maxQtyPerProduct,
    shopName: config.shopName,
    marketplace: config.marketplace,
    now,
    refundDays: config.returns.refundDays,
    creditNoteLastDay: config.returns.creditNoteLastDay,
    settlement: config.settlement,
    marketplaceEInvoicing: config.gstPortals?.marketplaceEInvoicing ?? false,
  }
}

/** The refund ledger's view of the context. */
export function refundPolicy(ctx: LifecycleContext): RefundPolicy {
  return { refundDays: ctx.refundDays, shopName: ctx.shopName, now: ctx.now }
}

/**
 * What follows one event, in the move's transaction: `parts` are the sub-orders that moved,
 * `userId` the order's shopper. Writes, outbox items (mails, provider calls) and checks that may
 * still refuse the move (a 409 rolls the move back).
 */
export type Effect = (
  tx: Tx,
  ctx: LifecycleContext,
  request: MoveRequest,
  moved: { userId: string; parts: string[] },
) => Promise<void>
