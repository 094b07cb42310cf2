/** Providers that take money online (COD needs no provider). */
export type ProviderName = 'CASHFREE' | 'PAYU' | 'GATEPAY' | 'PHONEPAY'

/** A payment's state as the provider reports it, mapped to the shop's words. */
export type ProviderPaymentState = 'paid' | 'failed' | 'pending'

export interface CreatePaymentInput {
  orderId: string
  amountPaise: number
  customer: { id: string; name: string; email: string; phone: string }
  /** Where the provider sends the browser back (may hold the provider's placeholders). */
  returnUrl: string
  /** Server-to-server notifications; omitted when the shop is not on https. */
  notifyUrl?: string
  expiresAt: Date
  /**
   * An earlier create for this order may have reached the provider unrecorded (the process died
   * and `findPayment` found nothing usable): a provider that refuses a reused id and cannot hand
   * the first checkout back starts this one under a fresh id.
   */
  retry?: boolean
}

export interface PaymentCheckout {
  providerOrderId: string
  /** The handle the browser carries to `/deposit?payment_session_id=`. */
  sessionId: string
  /** The provider's own checkout address, when it gives one (the browser goes straight there). */
  redirectUrl?: string
}

export interface ProviderStatus {
  providerOrderId: string
  state: ProviderPaymentState
  amountPaise: number
  currency: string
  providerPaymentId?: string
}

/** A notification whose signature has been checked; its claims are still re-checked with the provider. */
export interface VerifiedEvent {
  eventId: string
  type: string
  providerOrderId: string
  providerPaymentId?: string
  state: ProviderPaymentState
  amountPaise: number
  currency: string
  payload: unknown
}

/** What `/deposit` needs to send the browser to the provider. */
export interface DepositInstructions {
  paymentMode: ProviderName
  data: {
    payment_session_id?: string
    redirectUrl?: string
    environment?: 'sandbox' | 'production'
  }
}

export class PaymentSignatureError extends Error {}
export class PaymentProviderError extends Error {
  /** The provider's HTTP status, when it answered at all. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

/** A browser form POST to the provider's hosted page (PayU). */
export interface HostedForm {
  action: string
  fields: Record<string, string>
}

export interface HostedFormInput {
  orderId: string
  providerOrderId: string
  amountPaise: number
  customer: { name: string; email: string; phone: string }
  /** Where the provider posts the browser back (success and failure alike). */
  returnUrl: string
}

export interface RefundInput {
  providerOrderId: string
  /** The provider's id of the captured payment (PayU's mihpayid), when recorded. */
  providerPaymentId?: string | null
  amountPaise: number
  /**
   * Ours, unique per attempt (letters and digits, at most 23 characters, which every provider
   * takes): the provider refuses, or answers with the first, a second refund under it.
   */
  providerRefundId: string
  /** Why, for the provider's dashboard ("Return of order TB-10234"). */
  note: string
}

/** Where a refund stands at the provider. */
export type ProviderRefundState = 'pending' | 'completed' | 'failed'
export interface RefundOutcome {
  state: ProviderRefundState
  /** The provider's own reference for it (its refund id, a bank reference), when it gives one. */
  reference?: string
  /** Why it failed, as the provider says. */
  message?: string
}

/** A refund notification whose signature has been checked. */
export interface VerifiedRefundEvent {
  providerRefundId: string
  outcome: RefundOutcome
}

/** One interface for every provider; adapters convert money to the provider's units. */
export interface PaymentProvider {
  readonly name: ProviderName
  /** True when the built-in sandbox gateway plays the provider (no keys configured). */
  readonly sandbox: boolean
  /** The currency the provider charges in (INR unless configured otherwise). */
  readonly currency?: string
  /** The body a provider expects in answer to its notification, when it prescribes one. */
  readonly webhookAck?: Record<string, unknown>
  createPayment(input: CreatePaymentInput): Promise<PaymentCheckout>
  /**
   * The checkout an earlier `createPayment` for this shop order made, when the provider can give
   * it back: a retry after a crash asks before creating again. Null when there is none (or the
   * provider cannot say, and `createPayment` with `retry` is then safe); throws
   * PaymentProviderError when the provider has the order but it can no longer be paid.
   */
  findPayment(orderId: string): Promise<PaymentCheckout | null>
  /**
   * The provider order id a browser return names; throws PaymentSignatureError when the
   * provider signs returns and the signature is wrong. Never trusted without `fetchStatus`.
   */
  verifyReturn(params: Record<string, string | undefined>): { providerOrderId: string }
  /** Checks the signature on the raw body; throws PaymentSignatureError when it is wrong. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedEvent
  fetchStatus(providerOrderId: string): Promise<ProviderStatus>
  /**
   * Stops a provider order so it can no longer be paid. Resolves once it is stopped, or when
   * there is nothing to stop (already paid, expired, unknown, or the provider has no such call);
   * throws PaymentProviderError when the provider could not be asked (the outbox retries).
   */
  cancel(providerOrderId: string): Promise<void>
  /**
   * Asks the provider to refund `amountPaise` of a paid order under `providerRefundId`. Resolves
   * with where it stands once the provider has accepted it (or already had it under that id);
   * throws PaymentProviderError when it could not (a 4xx other than 429 is a refusal that asking
   * again cannot change; anything else is retried by the outbox).
   */
  refund(input: RefundInput): Promise<RefundOutcome>
  /**
   * Where a refund made by `refund` stands now (polled until it completes or fails).
   * `reference` is what `refund` answered, for providers that look it up by their own id.
   */
  refundStatus(input: RefundInput & { reference: string | null }): Promise<RefundOutcome>
  /**
   * A refund notification (Cashfree's REFUND_STATUS_WEBHOOK): null when the body is not one;
   * throws PaymentSignatureError when its signature is wrong. Providers without refund
   * notifications leave it out (their refunds are polled).
   */
  parseRefundWebhook?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): VerifiedRefundEvent | null
  deposit(sessionId: string): DepositInstructions
  /** Providers whose checkout is a browser form POST build it here. */
  hostedForm?(input: HostedFormInput): HostedForm
}
