import type { Config } from '../config'
import type { CspSources } from '../plugins/security'
import { createCashfree } from './cashfree'
import { createGatepay } from './gatepay'
import { createPayu } from './payu'
import { createPhonepe } from './phonepe'
import { createSandboxGateway, type SandboxGateway } from './sandbox'
import { createSandboxGatepay, type SandboxGatepay } from './sandbox-gatepay'
import { createSandboxPayu, type SandboxPayu } from './sandbox-payu'
import { createSandboxPhonepe, type SandboxPhonepe } from './sandbox-phonepe'
import type { PaymentProvider, ProviderName } from './types'

export interface Payments {
  /** The adapter for a method, or undefined when the shop does not offer it yet. */
  provider(name: string): PaymentProvider | undefined
  sandbox: SandboxGateway
  sandboxPayu: SandboxPayu
  sandboxGatepay: SandboxGatepay
  sandboxPhonepe: SandboxPhonepe
}

/**
 * Builds each adapter from the config. A provider without keys is played by the sandbox in demo
 * mode only; otherwise it is simply not offered (a pretend gateway must never take real orders).
 */
export function createPayments(config: Config): Payments {
  const sandbox = createSandboxGateway()
  const sandboxPayu = createSandboxPayu()
  const sandboxGatepay = createSandboxGatepay()
  const sandboxPhonepe = createSandboxPhonepe()
  const { cashfree, payu, gatepay, phonepe } = config.payments
  const providers: Partial<Record<ProviderName, PaymentProvider>> = {
    CASHFREE: cashfree
      ? createCashfree(cashfree)
      : createCashfree({
          clientId: sandbox.clientId,
          clientSecret: sandbox.secret,
          baseUrl: 'http://sandbox.invalid/pg',
          environment: 'sandbox',
          fetch: sandbox.cashfreeFetch,
          sandbox: true,
        }),
    PAYU: payu
      ? createPayu(payu)
      : createPayu({
          key: sandboxPayu.key,
          salt: sandboxPayu.salt,
          paymentUrl: '/sandbox-gateway/payu',
          verifyUrl: 'http://sandbox.invalid/merchant/postservice.php?form=2',
          fetch: sandboxPayu.payuFetch,
          sandbox: true,
        }),
    GATEPAY: gatepay
      ? createGatepay(gatepay)
      : createGatepay({
          clientId: sandboxGatepay.clientId,
          secret: sandboxGatepay.secret,
          baseUrl: 'http://sandbox.invalid',
          currency: 'INR',
          fetch: sandboxGatepay.gatepayFetch,
          sandbox: true,
        }),
    PHONEPAY: phonepe
      ? createPhonepe(phonepe)
      : createPhonepe({
          merchantId: sandboxPhonepe.merchantId,
          saltKey: sandboxPhonepe.saltKey,
          saltIndex: '1',
          baseUrl: 'http://sandbox.invalid/apis/pg-sandbox',
          fetch: sandboxPhonepe.phonepeFetch,
          sandbox: true,
        }),
  }
  return {
    provider: (name) => {
      const provider = providers[name as ProviderName]
      return provider?.sandbox && !config.demo.enabled ? undefined : provider
    },
    sandbox,
    sandboxPayu,
    sandboxGatepay,
    sandboxPhonepe,
  }
}

/** The CSP sources the configured (real) providers need in the browser. */
export function paymentCsp(config: Config): CspSources {
  const csp: Required<Omit<CspSources, 'img'>> = {
    script: [],
    frame: [],
    connect: [],
    formAction: [],
  }
  const { cashfree, payu } = config.payments
  if (cashfree) {
    const api =
      cashfree.environment === 'production'
        ? 'https://api.cashfree.com'
        : 'https://sandbox.cashfree.com'
    csp.script.push('https://sdk.cashfree.com')
    csp.frame.push('https://sdk.cashfree.com', api)
    csp.connect.push('https://sdk.cashfree.com', api)
    csp.formAction.push(api)
  }
  if (payu) csp.formAction.push(new URL(payu.paymentUrl).origin)
  return csp
}
