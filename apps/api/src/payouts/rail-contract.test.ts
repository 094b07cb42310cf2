import { startFakeCashfreePayouts } from '../../test/fakes/cashfree-payouts'
import { startFakeRazorpayX } from '../../test/fakes/razorpayx'
import { cashfreeTransferId, createCashfreePayouts } from './cashfree-payouts'
import { contractPayees, describeRailContract } from './rail-contract'
import { createRazorpayX } from './razorpayx'
import { createSandboxRail } from './sandbox'

describeRailContract('sandbox', {
  async start() {
    const sandbox = createSandboxRail()
    return {
      rail: sandbox.rail,
      // The sandbox's magic numbers: …0000 does not exist, …1111's bank is offline.
      good: contractPayees.good(),
      badAccount: contractPayees.badAccount(),
      failing: contractPayees.failing(),
      settleChecks: () => {},
      finish: () => {},
      held: (payoutId) => sandbox.transfers().filter((t) => t.payoutId === payoutId).length,
      webhook: () => null,
      close: async () => {},
    }
  },
})

describeRailContract('Cashfree Payouts (local fake)', {
  async start() {
    const fake = await startFakeCashfreePayouts()
    const good = contractPayees.good()
    const badAccount = contractPayees.badAccount()
    const failing = contractPayees.failing()
    fake.invalidAccounts.add(badAccount.account.accountNumber)
    fake.failAccounts.set(failing.account.accountNumber, 'Beneficiary bank is offline')
    return {
      rail: createCashfreePayouts({
        clientId: fake.creds.clientId,
        clientSecret: fake.creds.secret,
        baseUrl: fake.baseUrl,
        verificationBaseUrl: fake.verificationBaseUrl,
      }),
      good,
      badAccount,
      failing,
      settleChecks: () => fake.settleChecks(),
      finish: (payoutId) => fake.finish(cashfreeTransferId(payoutId)),
      held: (payoutId) => (fake.transfers.has(cashfreeTransferId(payoutId)) ? 1 : 0),
      webhook: (payoutId) => fake.webhook(cashfreeTransferId(payoutId)),
      close: () => fake.close(),
    }
  },
})

describeRailContract('RazorpayX (local fake)', {
  async start() {
    const fake = await startFakeRazorpayX()
    const good = contractPayees.good()
    const badAccount = contractPayees.badAccount()
    const failing = contractPayees.failing()
    fake.invalidAccounts.add(badAccount.account.accountNumber)
    fake.failAccounts.set(failing.account.accountNumber, 'Beneficiary bank is offline')
    return {
      rail: createRazorpayX({ ...fake.creds, baseUrl: fake.baseUrl }),
      good,
      badAccount,
      failing,
      settleChecks: () => fake.settleValidations(),
      finish: (payoutId) => fake.finish(payoutId),
      held: (payoutId) => fake.payoutsFor(payoutId).length,
      webhook: (payoutId) => fake.webhook(payoutId),
      close: () => fake.close(),
    }
  },
})
