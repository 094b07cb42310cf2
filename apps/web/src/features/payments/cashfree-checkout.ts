/** The parts of Cashfree's browser SDK (v3) the deposit page uses. */
interface CashfreeSdk {
  checkout(options: { paymentSessionId: string; redirectTarget: '_self' }): Promise<unknown>
}
declare global {
  interface Window {
    Cashfree?: (options: { mode: 'sandbox' | 'production' }) => CashfreeSdk
  }
}

const SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js'

/**
 * Loads Cashfree's SDK (the CSP allows its host only when Cashfree keys are configured) and
 * opens its checkout in this window. Rejects when the script cannot load.
 */
export async function openCashfreeCheckout(
  sessionId: string,
  mode: 'sandbox' | 'production',
): Promise<void> {
  if (!window.Cashfree) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = SDK_URL
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => reject(new Error('Cashfree SDK failed to load'))
      document.head.append(script)
    })
  }
  if (!window.Cashfree) throw new Error('Cashfree SDK missing')
  await window.Cashfree({ mode }).checkout({ paymentSessionId: sessionId, redirectTarget: '_self' })
}
