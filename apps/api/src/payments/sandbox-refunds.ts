import { randomBytes, randomInt } from 'node:crypto'

/**
 * The refunds one sandbox provider holds, with the rules every real provider applies: a refund
 * is kept under the merchant's id (a repeat gets the same one back), never more than was paid
 * minus what is already refunded, PENDING when made and settled by the first status query
 * (so a demo shop sees it complete at its next poll). Each sandbox answers in its provider's
 * own shape around it.
 */
export type SandboxRefundStatus = 'PENDING' | 'SUCCESS' | 'FAILED'

export interface SandboxRefund {
  /** The merchant's id for it (Cashfree refund_id, PayU token, PhonePe/GatePay request id). */
  refundId: string
  /** The provider order it refunds, as the shop names it (its providerOrderId). */
  orderId: string
  amountPaise: number
  status: SandboxRefundStatus
  /** The provider's own id for it (cf_refund_id, PayU request_id, ...). */
  providerRef: string
  /** Why it failed, once FAILED. */
  failure?: string
  createdAt: Date
}

export type RefundAttempt =
  | { kind: 'created' | 'repeated'; refund: SandboxRefund }
  /** The id is taken by a refund of another order or amount. */
  | { kind: 'conflict'; refund: SandboxRefund }
  | { kind: 'tooMuch'; refundablePaise: number }
  | { kind: 'badAmount' }

/** What a test reaches through every sandbox provider. */
export interface SandboxRefundControls {
  /** The next refund made is accepted, then reported FAILED (with this message) when polled. */
  failNextRefund(message?: string): void
  /** The refunds held (copies), of one provider order or all. */
  refunds(orderId?: string): SandboxRefund[]
}

export interface RefundBook extends SandboxRefundControls {
  attempt(input: {
    orderId: string
    refundId: string
    amountPaise: number
    paidPaise: number
  }): RefundAttempt
  find(refundId: string): SandboxRefund | undefined
  /** A status query: the first one settles a PENDING refund (SUCCESS, or FAILED when told to). */
  poll(refundId: string): SandboxRefund | undefined
}

/** `refPrefix` shapes the provider's own ids ("cf" → cf_…); numeric when empty, as PayU's are. */
export function createRefundBook(refPrefix = ''): RefundBook {
  const byId = new Map<string, SandboxRefund>()
  /** Refund id → the failure it is to report when polled. */
  const doomed = new Map<string, string>()
  let failNext: string | null = null
  let serial = 0

  const nextRef = () => {
    serial += 1
    return refPrefix
      ? `${refPrefix}${randomBytes(6).toString('hex')}${serial}`
      : `${randomInt(100_000, 1_000_000)}${serial}`
  }
  const live = (orderId: string) =>
    [...byId.values()].filter((r) => r.orderId === orderId && r.status !== 'FAILED')

  return {
    attempt({ orderId, refundId, amountPaise, paidPaise }) {
      const known = byId.get(refundId)
      if (known) {
        return known.orderId === orderId && known.amountPaise === amountPaise
          ? { kind: 'repeated', refund: { ...known } }
          : { kind: 'conflict', refund: { ...known } }
      }
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) return { kind: 'badAmount' }
      // A FAILED refund gave its money back to the balance, as a provider's failed refund does.
      const refunded = live(orderId).reduce((sum, r) => sum + r.amountPaise, 0)
      if (refunded + amountPaise > paidPaise) {
        return { kind: 'tooMuch', refundablePaise: Math.max(0, paidPaise - refunded) }
      }
      const refund: SandboxRefund = {
        refundId,
        orderId,
        amountPaise,
        status: 'PENDING',
        providerRef: nextRef(),
        createdAt: new Date(),
      }
      byId.set(refundId, refund)
      if (failNext !== null) {
        doomed.set(refundId, failNext)
        failNext = null
      }
      return { kind: 'created', refund: { ...refund } }
    },
    find(refundId) {
      const refund = byId.get(refundId)
      return refund && { ...refund }
    },
    poll(refundId) {
      const refund = byId.get(refundId)
      if (!refund) return undefined
      if (refund.status === 'PENDING') {
        const failure = doomed.get(refundId)
        refund.status = failure === undefined ? 'SUCCESS' : 'FAILED'
        if (failure !== undefined) refund.failure = failure
        doomed.delete(refundId)
      }
      return { ...refund }
    },
    failNextRefund(message = 'The bank declined the refund') {
      failNext = message
    },
    refunds(orderId) {
      return [...byId.values()]
        .filter((r) => !orderId || r.orderId === orderId)
        .map((r) => ({ ...r }))
    },
  }
}

/** Sandbox answers as JSON, with a status. */
export const sandboxJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
