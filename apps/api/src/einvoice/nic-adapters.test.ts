import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeNicGst } from '../../test/fakes/nic-gst'
import type { InvoiceDocument } from '../db/schema/invoice-document'
import { createNicEInvoice } from './nic-einvoice'
import { createNicEWayBill } from './nic-ewaybill'
import { documentKey, recoveringLostAnswers } from './lost-answers'
import { createGstSandbox } from './sandbox'
import { verifiedQrData } from './signed-qr'
import { GstPortalRefusedError, GstPortalUnavailableError } from './types'

let clock = new Date('2026-11-20T05:00:00Z')
const now = () => clock
let fake: Awaited<ReturnType<typeof startFakeNicGst>>
beforeAll(async () => {
  fake = await startFakeNicGst({ now })
})
afterAll(() => fake.close())

const irp = () =>
  createNicEInvoice({ ...fake.creds, baseUrl: fake.baseUrl, now: () => clock.getTime() })
const ewb = () =>
  createNicEWayBill({ ...fake.creds, baseUrl: fake.baseUrl, now: () => clock.getTime() })

/** A B2B invoice of ₹70,800 (₹60,000 + 18% IGST), Bengaluru to Mumbai. */
function invoice(number: string): InvoiceDocument {
  return {
    kind: 'invoice',
    number,
    issuedAt: clock.toISOString(),
    orderId: 'order-1',
    orderNumber: 'TB-000001',
    supplier: {
      name: 'Brigade Gadgets Pvt Ltd',
      address: ['4 Brigade Road', 'Bengaluru 560001'],
      stateCode: '29',
      stateName: 'Karnataka',
      gstin: '29ABCDE1234F1Z5',
    },
    recipient: {
      name: 'Acme Traders LLP',
      address: ['12 Marine Drive', 'Mumbai 400002'],
      stateCode: '27',
      stateName: 'Maharashtra',
      gstin: '27AAACA1234A1Z1',
    },
    shipTo: {
      name: 'Ravi',
      address: ['12 Marine Drive', 'Mumbai 400002'],
      stateName: 'Maharashtra',
      phone: '9876543210',
    },
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    taxKind: 'IGST',
    lines: [
      {
        description: 'Laptop',
        hsn: '847130',
        quantity: 1,
        unitPricePaise: 7_080_000,
        totalPaise: 7_080_000,
        taxablePaise: 6_000_000,
        rateBp: 1800,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 1_080_000,
      },
    ],
    totals: {
      taxablePaise: 6_000_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_080_000,
      roundOffPaise: 0,
      totalPaise: 7_080_000,
    },
    operator: { name: 'TechBazaar Pvt Ltd', gstin: '29AABCT1332L1ZZ' },
    soldVia: true,
  }
}

describe('NIC e-invoice adapter (IRP contract, against a local fake)', () => {
  it('registers an invoice: 64-hex IRN, acknowledgement and a QR code signed by the IRP', async () => {
    const provider = irp()
    const registered = await provider.register(invoice('TB/2627/000001'), {
      ecomGstin: '29AABCT1332L1ZZ',
    })
    expect(registered.irn).toMatch(/^[0-9a-f]{64}$/)
    expect(registered.ackNo).toMatch(/^\d{15}$/)
    expect(registered.ackDate).toBe(clock.toISOString())
    const data = verifiedQrData(registered.signedQrCode, fake.signingPublicKey)
    expect(data).toMatchObject({
      SellerGstin: '29ABCDE1234F1Z5',
      BuyerGstin: '27AAACA1234A1Z1',
      DocNo: 'TB/2627/000001',
      DocTyp: 'INV',
      TotInvVal: 70800,
      Irn: registered.irn,
    })
    // The supplier is named beside the operator's login, and the operator in EcmGstin.
    expect(fake.state.lastHeaders.sup_gstin).toBe('29ABCDE1234F1Z5')
    expect(fake.state.irns.get(registered.irn)?.payload.TranDtls.EcmGstin).toBe('29AABCT1332L1ZZ')
  })

  it('logs in once and keeps the token; a stale token logs in again', async () => {
    const provider = irp()
    const before = fake.state.einvoiceLogins
    await provider.register(invoice('TB/2627/000002'), { ecomGstin: null })
    await provider.register(invoice('TB/2627/000003'), { ecomGstin: null })
    expect(fake.state.einvoiceLogins - before).toBe(1)
    // Past its expiry (6 hours, renewed 10 minutes early): a new login.
    clock = new Date(clock.getTime() + 6 * 3_600_000)
    await provider.register(invoice('TB/2627/000004'), { ecomGstin: null })
    expect(fake.state.einvoiceLogins - before).toBe(2)
  })

  it('a duplicate is a refusal with NIC’s code; an outage is "unavailable"', async () => {
    const provider = irp()
    await expect(
      provider.register(invoice('TB/2627/000001'), { ecomGstin: null }),
    ).rejects.toMatchObject({ code: '2150' })
    await expect(
      provider.register(invoice('TB/2627/000001'), { ecomGstin: null }),
    ).rejects.toBeInstanceOf(GstPortalRefusedError)
    fake.state.down = true
    try {
      await expect(
        irp().register(invoice('TB/2627/000009'), { ecomGstin: null }),
      ).rejects.toBeInstanceOf(GstPortalUnavailableError)
    } finally {
      fake.state.down = false
    }
  })

  it('cancels an IRN within 24 hours only', async () => {
    const provider = irp()
    const fresh = await provider.register(invoice('TB/2627/000010'), { ecomGstin: null })
    const { cancelledAt } = await provider.cancel(
      fresh.irn,
      '29ABCDE1234F1Z5',
      'orderCancelled',
      'Cancelled',
    )
    expect(cancelledAt).toBe(clock.toISOString())
    expect(fake.state.irns.get(fresh.irn)?.cancelled).toBe(true)
    const old = await provider.register(invoice('TB/2627/000011'), { ecomGstin: null })
    clock = new Date(clock.getTime() + 25 * 3_600_000)
    await expect(
      provider.cancel(old.irn, '29ABCDE1234F1Z5', 'orderCancelled', 'Late'),
    ).rejects.toMatchObject({
      code: '2270',
    })
  })
})

describe('NIC e-way bill adapter (GENEWAYBILL contract, against a local fake)', () => {
  it('generates Part A with a 12-digit number and cancels it', async () => {
    const provider = ewb()
    const bill = await provider.generate(invoice('TB/2627/000020'), {
      transporterName: 'Delhivery',
    })
    expect(bill.number).toMatch(/^\d{12}$/)
    expect(bill.generatedAt).toBe(new Date(Math.floor(clock.getTime() / 1000) * 1000).toISOString())
    const sent = fake.state.ewayBills.get(bill.number)?.payload
    expect(sent).toMatchObject({
      supplyType: 'O',
      docType: 'INV',
      docNo: 'TB/2627/000020',
      fromGstin: '29ABCDE1234F1Z5',
      fromPincode: 560001,
      toPincode: 400002,
      totInvValue: 70800,
      transporterName: 'Delhivery',
    })
    await provider.cancel(bill.number, '29ABCDE1234F1Z5', 'orderCancelled', 'Cancelled')
    expect(fake.state.ewayBills.get(bill.number)?.cancelled).toBe(true)
  })
})

describe('GST sandbox (demo mode)', () => {
  it('makes the IRN as NIC does (SHA-256 of GSTIN, year, type and number) and signs the QR locally', async () => {
    const sandbox = createGstSandbox(now)
    const doc = invoice('TB/2627/000031')
    const registered = await sandbox.einvoice.register(doc, { ecomGstin: null })
    const { createHash } = await import('node:crypto')
    // Issued in November 2026: financial year 2026-27.
    expect(registered.irn).toBe(
      createHash('sha256').update('29ABCDE1234F1Z52026-27INVTB/2627/000031').digest('hex'),
    )
    expect(verifiedQrData(registered.signedQrCode, sandbox.publicKey)).toMatchObject({
      Irn: registered.irn,
    })
    expect((await sandbox.ewayBill.generate(doc, { transporterName: 'x' })).number).toMatch(
      /^\d{12}$/,
    )
  })
})

describe('a registration whose answer was lost is found again (issue 30)', () => {
  it('NIC: the retry reads the IRN back by document details instead of failing "Duplicate IRN"', async () => {
    const provider = recoveringLostAnswers(irp())
    const document = invoice('TB/2627/000100')
    fake.state.loseAnswers = 1
    await expect(provider.register(document, { ecomGstin: null })).rejects.toBeInstanceOf(
      GstPortalUnavailableError,
    )
    const registered = [...fake.state.irns.entries()].find(
      ([, held]) => held.payload.DocDtls.No === 'TB/2627/000100',
    )
    expect(registered).toBeDefined()
    const again = await provider.register(document, { ecomGstin: null })
    expect(again.irn).toBe(registered![0])
    expect(again.ackNo).toBe(String(registered![1].ackNo))
    expect(verifiedQrData(again.signedQrCode, fake.signingPublicKey)).toMatchObject({
      DocNo: 'TB/2627/000100',
      TotInvVal: 70800,
    })
  })

  it('NIC: another document under the same number, or a cancelled IRN, stays a refusal', async () => {
    const provider = recoveringLostAnswers(irp())
    const first = await provider.register(invoice('TB/2627/000101'), { ecomGstin: null })
    const other = invoice('TB/2627/000101')
    other.recipient = { ...other.recipient, gstin: '27AAACB2222B1Z2' }
    await expect(provider.register(other, { ecomGstin: null })).rejects.toThrow(
      /holds another document under number TB\/2627\/000101/,
    )
    await provider.cancel(first.irn, '29ABCDE1234F1Z5', 'others', 'Dispatch not completed')
    await expect(provider.register(invoice('TB/2627/000101'), { ecomGstin: null })).rejects.toThrow(
      /cancelled an IRN for number TB\/2627\/000101/,
    )
  })

  it('NIC: the read-back answers null for a number the IRP does not hold', async () => {
    const held = await irp().findByDocument({
      type: 'INV',
      number: 'TB/2627/999999',
      issuedAt: clock.toISOString(),
      supplierGstin: '29ABCDE1234F1Z5',
    })
    expect(held).toBeNull()
  })

  it('the sandbox answers the same way', async () => {
    const sandbox = createGstSandbox(now)
    const provider = recoveringLostAnswers(sandbox.einvoice)
    const document = invoice('TB/2627/000200')
    const first = await sandbox.einvoice.register(document, { ecomGstin: null })
    // The answer "lost": asking again answers the same registration.
    expect(await provider.register(document, { ecomGstin: null })).toEqual(first)
    expect(await sandbox.einvoice.findByDocument(documentKey(document))).toMatchObject({
      irn: first.irn,
      status: 'active',
    })
  })
})
