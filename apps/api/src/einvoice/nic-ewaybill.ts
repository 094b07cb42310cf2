import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { InvoiceDocument } from '../db/schema/invoice-document'
import { aesDecrypt, aesEncrypt, rsaEncrypt } from './nic-crypto'
import { readAs } from './nic-einvoice'
import { nicCall, tokenCache } from './nic-http'
import { eWayBillPayload } from './nic-payload'
import {
  CANCEL_REASONS,
  GstPortalRefusedError,
  type EWayBillProvider,
  type HeldEWayBill,
} from './types'

/**
 * NIC's e-way bill API (version 1.03), directly or through a GSP: `POST /ewaybillapi/v1.03/auth`
 * with action ACCESSTOKEN (password and app key RSA-encrypted with the portal's public key; the
 * answer's SEK AES-encrypted with the app key), then `POST /ewaybillapi/v1.03/ewayapi` with
 * action GENEWAYBILL or CANEWB and `data` = AES-256-ECB(base64(JSON), SEK); lookups are GETs
 * under `ewayapi/` answered the same way. The token lasts 6 hours and is kept until 10 minutes
 * before.
 *
 * The marketplace generates Part A as the e-commerce operator (rule 138(1)), logged in with its
 * own GSTIN; the seller is the consignor (`fromGstin`).
 */
export interface NicEWayBillConfig {
  baseUrl: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  gstin: string
  publicKeyPem: string
  fetch?: typeof fetch
  now?: () => number
}

const TOKEN_LIFE_MS = 360 * 60_000
const PORTAL = 'The e-way bill portal'

const authAnswer = z.object({
  status: z.union([z.literal('1'), z.literal(1)]),
  authtoken: z.string(),
  sek: z.string(),
})
const generated = z.object({
  ewayBillNo: z.union([z.number(), z.string()]).transform(String),
  ewayBillDate: z.string(),
  validUpto: z.string().nullish(),
})
const byConsigner = z.object({
  ewayBillNo: z.union([z.number(), z.string()]).transform(String),
})
/** The part of GetEwayBill's answer that tells one consignment from another. */
const details = z.object({
  ewayBillDate: z.string(),
  validUpto: z.string().nullish(),
  docDate: z.string(),
  fromGstin: z.string(),
  toGstin: z.string(),
  totInvValue: z.coerce.number(),
  status: z.string(),
})
const cancelled = z.object({
  ewayBillNo: z.union([z.number(), z.string()]).transform(String),
  cancelDate: z.string(),
})

/** "dd/MM/yyyy hh:mm:ss AM" in India (the portal's dates). */
export function ewbInstant(text: string): Date {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?: ?([AP]M))?$/.exec(text.trim())
  if (!m) return new Date(Number.NaN)
  const [, dd, mm, yyyy, hh, mi, ss, half] = m
  let hour = Number(hh) % (half ? 12 : 24)
  if (half === 'PM') hour += 12
  const h = String(hour).padStart(2, '0')
  return new Date(`${yyyy}-${mm}-${dd}T${h}:${mi}:${ss}+05:30`)
}

/** A refusal's error codes: `error` is base64 of {"errorCodes":"238,"}. */
function refusal(body: Record<string, unknown>): GstPortalRefusedError {
  let codes = ''
  try {
    const decoded = JSON.parse(Buffer.from(String(body.error ?? ''), 'base64').toString()) as {
      errorCodes?: string
    }
    codes = (decoded.errorCodes ?? '').replace(/,$/, '')
  } catch {
    // No readable error: the refusal is reported without codes.
  }
  return new GstPortalRefusedError(
    `${PORTAL} refused the e-way bill${codes ? ` (error ${codes})` : ''}`,
    codes.split(',')[0],
  )
}

export function createNicEWayBill(config: NicEWayBillConfig): EWayBillProvider {
  const http = config.fetch ?? fetch
  const now = config.now ?? Date.now
  const base = { 'client-id': config.clientId, 'client-secret': config.clientSecret }

  const login = tokenCache(async () => {
    const appKey = randomBytes(32)
    const body = await nicCall(
      http,
      PORTAL,
      `${config.baseUrl}/ewaybillapi/v1.03/auth`,
      { ...base, Gstin: config.gstin },
      {
        action: 'ACCESSTOKEN',
        username: config.username,
        password: rsaEncrypt(config.publicKeyPem, config.password),
        app_key: rsaEncrypt(config.publicKeyPem, appKey.toString('base64')),
      },
    )
    if (String(body.status) !== '1') throw refusal(body)
    const data = readAs(authAnswer, body, PORTAL)
    return {
      token: data.authtoken,
      sek: aesDecrypt(appKey, data.sek),
      expiresAt: now() + TOKEN_LIFE_MS,
    }
  }, now)

  /** A POST action with an encrypted payload, or (without one) a GET lookup at `path`. */
  async function act(action: string, payload: object | undefined): Promise<unknown> {
    const session = await login.get()
    const body = await nicCall(
      http,
      PORTAL,
      `${config.baseUrl}/ewaybillapi/v1.03/ewayapi${payload ? '' : `/${action}`}`,
      { ...base, gstin: config.gstin, authtoken: session.token },
      payload && {
        action,
        data: aesEncrypt(session.sek, Buffer.from(JSON.stringify(payload)).toString('base64')),
      },
    )
    if (String(body.status) !== '1') {
      // 238: the token is no longer valid; the next call logs in again.
      const err = refusal(body)
      if (err.code === '238') login.drop()
      throw err
    }
    const plain = aesDecrypt(session.sek, String(body.data)).toString()
    return JSON.parse(Buffer.from(plain, 'base64').toString()) as unknown
  }

  return {
    name: 'NIC',
    sandbox: false,
    async generate(document: InvoiceDocument, { transporterName }) {
      const data = readAs(
        generated,
        await act('GENEWAYBILL', eWayBillPayload(document, transporterName)),
        PORTAL,
      )
      return {
        number: data.ewayBillNo,
        generatedAt: ewbInstant(data.ewayBillDate).toISOString(),
        validUntil: data.validUpto ? ewbInstant(data.validUpto).toISOString() : null,
      }
    },
    async findByDocument({ number, supplierGstin }): Promise<HeldEWayBill | null> {
      const query = new URLSearchParams({ docType: 'INV', docNo: number })
      let found
      try {
        found = readAs(
          byConsigner,
          await act(`GetEwayBillGeneratedByConsigner?${query}`, undefined),
          PORTAL,
        )
      } catch (err) {
        // A refusal here is "no e-way bill for this document".
        if (err instanceof GstPortalRefusedError) return null
        throw err
      }
      const bill = readAs(
        details,
        await act(`GetEwayBill?${new URLSearchParams({ ewbNo: found.ewayBillNo })}`, undefined),
        PORTAL,
      )
      // The marketplace generates for many consignors: a bill of another under the number is not
      // this document's.
      if (bill.fromGstin !== supplierGstin) return null
      return {
        number: found.ewayBillNo,
        generatedAt: ewbInstant(bill.ewayBillDate).toISOString(),
        validUntil: bill.validUpto ? ewbInstant(bill.validUpto).toISOString() : null,
        status: bill.status === 'CNL' ? 'cancelled' : 'active',
        documentDate: bill.docDate,
        totalValue: bill.totInvValue,
        toGstin: bill.toGstin,
      }
    },
    async cancel(number, _supplierGstin, reason, remark) {
      const data = readAs(
        cancelled,
        await act('CANEWB', {
          ewbNo: Number(number),
          cancelRsnCode: Number(CANCEL_REASONS[reason]),
          cancelRmrk: remark.slice(0, 50),
        }),
        PORTAL,
      )
      return { cancelledAt: ewbInstant(data.cancelDate).toISOString() }
    },
  }
}
