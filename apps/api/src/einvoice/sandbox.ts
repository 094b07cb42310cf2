import { generateKeyPairSync, randomInt, type KeyObject } from 'node:crypto'
import {
  eInvoicePayload,
  eWayBillPayload,
  financialYearOf,
  irnOf,
  nicDate,
  qrData,
} from './nic-payload'
import { signQr } from './signed-qr'
import {
  DUPLICATE_IRN,
  EWB_ALREADY_GENERATED,
  GstPortalRefusedError,
  type EInvoiceProvider,
  type EWayBillProvider,
  type HeldEWayBill,
  type HeldRegistration,
} from './types'

/**
 * The built-in stand-ins for the IRP and the e-way bill system, in demo mode only: they answer
 * as NIC does (the IRN is the SHA-256 NIC makes, the QR a JWT signed with a local key, 12-digit
 * e-way bill numbers, IRNs cancelled within 24 hours only), and register nothing anywhere.
 */
export interface GstSandbox {
  einvoice: EInvoiceProvider
  ewayBill: EWayBillProvider
  /** The key the sandbox signs QR codes with (a real IRP's public key checks real ones). */
  publicKey: KeyObject
}

const DAY_MS = 86_400_000

export function createGstSandbox(now: () => Date = () => new Date()): GstSandbox {
  // Made on first use: most starts (and every test app) never sign a QR code.
  let pair: { privateKey: KeyObject; publicKey: KeyObject } | undefined
  const signing = () => (pair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }))
  /** Every IRN registered, live or cancelled (NIC never takes a cancelled number again). */
  const held = new Map<string, HeldRegistration>()
  let ackSerial = 0
  const einvoice: EInvoiceProvider = {
    name: 'SANDBOX',
    sandbox: true,
    async register(document, { ecomGstin }) {
      const payload = eInvoicePayload(document, ecomGstin)
      const fy = financialYearOf(payload.DocDtls.Dt)
      const irn = irnOf(payload.SellerDtls.Gstin ?? '', fy, payload.DocDtls.Typ, payload.DocDtls.No)
      if (held.has(irn)) throw new GstPortalRefusedError('Duplicate IRN', DUPLICATE_IRN)
      const at = now()
      // Fifteen digits like the IRP's: the year, then a running number.
      ackSerial += 1
      const ackNo =
        `${String(at.getUTCFullYear()).slice(2)}${String(Date.now() % 1e9).padStart(9, '0')}${String(ackSerial).padStart(4, '0')}`.slice(
          0,
          15,
        )
      const irnDate = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)}`
      const registration = {
        irn,
        ackNo,
        ackDate: at.toISOString(),
        signedQrCode: signQr(qrData(payload, irn, irnDate), signing().privateKey, 'NIC Sandbox'),
      }
      held.set(irn, { ...registration, status: 'active' })
      return registration
    },
    async findByDocument({ type, number, issuedAt, supplierGstin }) {
      const irn = irnOf(supplierGstin, financialYearOf(nicDate(issuedAt)), type, number)
      return held.get(irn) ?? null
    },
    async cancel(irn) {
      const found = held.get(irn)
      if (found?.status !== 'active') throw new GstPortalRefusedError('Invalid IRN', '2154')
      if (now().getTime() - Date.parse(found.ackDate) > DAY_MS) {
        throw new GstPortalRefusedError('The IRN is more than 24 hours old', '2270')
      }
      found.status = 'cancelled'
      return { cancelledAt: now().toISOString() }
    },
  }
  /** Every bill generated, by consignor and document number (NIC allows one live bill each). */
  const bills = new Map<string, HeldEWayBill>()
  const billKey = (gstin: string, number: string) => `${gstin}|${number}`
  const ewayBill: EWayBillProvider = {
    name: 'SANDBOX',
    sandbox: true,
    async generate(document, { transporterName }) {
      const payload = eWayBillPayload(document, transporterName)
      const key = billKey(payload.fromGstin ?? '', payload.docNo)
      if (bills.get(key)?.status === 'active') {
        throw new GstPortalRefusedError(
          'An e-way bill was already generated for this document number',
          EWB_ALREADY_GENERATED,
        )
      }
      const at = now()
      // Valid one day per 200 km by road; the sandbox assumes one day.
      const record = {
        number:
          String(randomInt(100_000, 999_999)) + String(randomInt(0, 1_000_000)).padStart(6, '0'),
        generatedAt: at.toISOString(),
        validUntil: new Date(at.getTime() + DAY_MS).toISOString(),
      }
      bills.set(key, {
        ...record,
        status: 'active',
        documentDate: payload.docDate,
        totalValue: payload.totInvValue,
        toGstin: payload.toGstin,
      })
      return record
    },
    async findByDocument({ number, supplierGstin }) {
      return bills.get(billKey(supplierGstin, number)) ?? null
    },
    async cancel(number) {
      const found = [...bills.values()].find((bill) => bill.number === number)
      if (found) found.status = 'cancelled'
      return { cancelledAt: now().toISOString() }
    },
  }
  return {
    einvoice,
    ewayBill,
    get publicKey() {
      return signing().publicKey
    },
  }
}
