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
  amountPaise: number
  refundId: string
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
   * Refunds `amountPaise` of a paid provider order under our `refundId`. Resolves once the
   * provider has accepted it (or already had it); throws PaymentProviderError to be retried.
   * Absent where the adapter has no refund call yet (the refund is then made by hand).
   */
  refund?(input: RefundInput): Promise<void>
  deposit(sessionId: string): DepositInstructions
  /** Providers whose checkout is a browser form POST build it here. */
  hostedForm?(input: HostedFormInput): HostedForm
}
