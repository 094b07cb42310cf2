import { describe, expect, it } from 'vitest'
import { contractPayees, contractTransfer } from './rail-contract'
import { createSandboxRail, sandboxUtr } from './sandbox'
import { PayoutRailAuthError, PayoutRailError } from './types'

describe('sandbox payout rail', () => {
  it('is a sandbox: it says so, and sends no webhooks', () => {
    const { rail } = createSandboxRail()
    expect(rail).toMatchObject({ name: 'SANDBOX', sandbox: true })
    expect(() => rail.verifyWebhook({ rawBody: '{}', headers: {} })).toThrow(PayoutRailAuthError)
  })

  it('verifies with the holder name as a bank writes it, and fails an account ending 0000', async () => {
    const { rail } = createSandboxRail()
    const payee = contractPayees.good()
    const ok = await rail.verifyAccount(
      { ...payee, account: { ...payee.account, holderName: ' Asha Traders ' } },
      'ref-1',
    )
    expect(ok).toEqual({
      status: 'verified',
      reference: 'ref-1',
      nameAtBank: 'ASHA TRADERS',
      reason: null,
    })
    expect(await rail.verifyAccount(contractPayees.badAccount(), 'ref-2')).toEqual({
      status: 'failed',
      reference: 'ref-2',
      nameAtBank: null,
      reason: 'The bank says this account does not exist',
    })
    expect(await rail.accountCheck('ref-1')).toEqual(ok)
    await expect(rail.accountCheck('never')).rejects.toBeInstanceOf(PayoutRailError)
  })

  it('answers processing, then paid with the same made-up UTR every time', async () => {
    const sandbox = createSandboxRail()
    const input = contractTransfer(contractPayees.good())
    expect(await sandbox.rail.transfer(input)).toMatchObject({ status: 'processing', utr: null })
    const paid = await sandbox.rail.transferStatus(input.payoutId)
    expect(paid).toMatchObject({ status: 'paid', utr: sandboxUtr(input.payoutId) })
    expect(paid?.utr).toMatch(/^\d{12}$/)
    // Another sandbox (a restart) makes the same UTR for the same payout.
    const again = createSandboxRail()
    await again.rail.transfer(input)
    expect((await again.rail.transferStatus(input.payoutId))?.utr).toBe(paid?.utr)
    expect(sandboxUtr(crypto.randomUUID())).not.toBe(paid?.utr)
  })

  it('keeps one transfer per payout id in its book, whatever the repeats', async () => {
    const sandbox = createSandboxRail()
    const input = contractTransfer(contractPayees.good(), 99_900)
    await sandbox.rail.transfer(input)
    await sandbox.rail.transfer({ ...input, amountPaise: 1 })
    await sandbox.rail.transferStatus(input.payoutId)
    await sandbox.rail.transfer(input)
    expect(sandbox.transfers()).toEqual([
      expect.objectContaining({
        payoutId: input.payoutId,
        amountPaise: 99_900,
        polls: 1,
        state: expect.objectContaining({ status: 'paid' }),
      }),
    ])
  })

  it('fails transfers to an account ending 1111: its bank is offline', async () => {
    const { rail } = createSandboxRail()
    const input = contractTransfer(contractPayees.failing())
    expect((await rail.transfer(input)).status).toBe('processing')
    expect(await rail.transferStatus(input.payoutId)).toMatchObject({
      status: 'failed',
      utr: null,
      failureReason: 'Beneficiary bank is offline',
    })
    expect(await rail.transferStatus(crypto.randomUUID())).toBeNull()
  })
})
