import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { InvoiceDocument } from '../db/schema/invoice-document'
import { aesDecrypt, aesEncrypt, rsaEncrypt } from './nic-crypto'
import { nicCall, tokenCache } from './nic-http'
import { eInvoicePayload, nicDate } from './nic-payload'
import {
  CANCEL_REASONS,
  GstPortalRefusedError,
  GstPortalUnavailableError,
  type EInvoiceProvider,
  type HeldRegistration,
} from './types'

/**
 * NIC's e-invoice API (version 1.03/1.04), directly or through a GSP that passes it through:
 * `POST /eivital/v1.04/auth` logs in (the credentials RSA-encrypted with NIC's public key; the
 * answer's session key SEK is AES-encrypted with our app key), then `POST /eicore/v1.03/Invoice`
 * registers a document, `POST /eicore/v1.03/Invoice/Cancel` cancels an IRN and
 * `GET /eicore/v1.03/Invoice/irnbydocdetails` reads back what it holds under a document number,
 * each payload and answer AES-256-ECB under the SEK. The login is kept until 10 minutes before its expiry.
 *
 * The marketplace calls as the e-commerce operator (its GSTIN and API login) and names the
 * supplier of each document in `sup_gstin` (decision 072).
 */
export interface NicEInvoiceConfig {
  baseUrl: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  /** The API login's GSTIN (the marketplace's). */
  gstin: string
  /** NIC's public key (PEM) the credentials are encrypted with. */
  publicKeyPem: string
  fetch?: typeof fetch
  now?: () => number
}

const errorDetails = z
  .array(z.object({ ErrorCode: z.string(), ErrorMessage: z.string() }))
  .nullish()
const answer = z.object({
  Status: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]),
  Data: z.unknown(),
  ErrorDetails: errorDetails,
})
const authData = z.object({ AuthToken: z.string(), Sek: z.string(), TokenExpiry: z.string() })
const irnData = z.object({
  AckNo: z.union([z.string(), z.number()]),
  AckDt: z.string(),
  Irn: z.string().regex(/^[0-9a-f]{64}$/),
  SignedQRCode: z.string(),
})
const cancelData = z.object({ Irn: z.string(), CancelDate: z.string() })
/** The read-back's answer: the registration and its status ("ACT" live, "CNL" cancelled). */
const heldData = irnData.extend({ Status: z.string() })

/** `schema`'s reading of a portal's answer; an answer of another shape is an outage, not a refusal. */
export function readAs<T extends z.ZodType>(schema: T, value: unknown, portal: string): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new GstPortalUnavailableError(`${portal}: unexpected answer`)
  return parsed.data
}

/** NIC dates are "yyyy-MM-dd HH:mm:ss" in India. */
export const nicInstant = (text: string) => new Date(`${text.replace(' ', 'T')}+05:30`)

/** NIC's code for a token that expired or was replaced: log in again and ask once more. */
const STALE_TOKEN = new Set(['1005', '1006'])

export function createNicEInvoice(config: NicEInvoiceConfig): EInvoiceProvider {
  const http = config.fetch ?? fetch
  const now = config.now ?? Date.now
  const portal = 'The e-invoice portal (IRP)'
  const base = {
    client_id: config.clientId,
    client_secret: config.clientSecret,
    Gstin: config.gstin,
  }

  const login = tokenCache(async () => {
    const appKey = randomBytes(32)
    const credentials = JSON.stringify({
      UserName: config.username,
      Password: config.password,
      AppKey: appKey.toString('base64'),
      ForceRefreshAccessToken: false,
    })
    const body = await nicCall(http, portal, `${config.baseUrl}/eivital/v1.04/auth`, base, {
      Data: rsaEncrypt(config.publicKeyPem, Buffer.from(credentials).toString('base64')),
    })
    const data = readAs(authData, statusData(body), portal)
    return {
      token: data.AuthToken,
      sek: aesDecrypt(appKey, data.Sek),
      expiresAt: nicInstant(data.TokenExpiry).getTime(),
    }
  }, now)

  /** The answer's `Data` when Status is 1; a refusal with NIC's words otherwise. */
  function statusData(body: Record<string, unknown>): unknown {
    const parsed = answer.safeParse(body)
    if (!parsed.success) throw new GstPortalUnavailableError(`${portal}: unexpected answer`)
    if (String(parsed.data.Status) === '1') return parsed.data.Data
    const first = parsed.data.ErrorDetails?.[0]
    throw new GstPortalRefusedError(
      first ? `${first.ErrorMessage} (${first.ErrorCode})` : `${portal} refused the request`,
      first?.ErrorCode,
    )
  }

  /**
   * One encrypted call (a GET without `payload`), logging in again once when the portal says the
   * token went stale.
   */
  async function call(
    path: string,
    payload: object | undefined,
    supplierGstin: string,
    retried = false,
  ): Promise<unknown> {
    const session = await login.get()
    const body = await nicCall(
      http,
      portal,
      `${config.baseUrl}${path}`,
      { ...base, user_name: config.username, AuthToken: session.token, sup_gstin: supplierGstin },
      payload && { Data: aesEncrypt(session.sek, JSON.stringify(payload)) },
    )
    try {
      const data = statusData(body)
      if (typeof data !== 'string') throw new GstPortalUnavailableError(`${portal}: no data`)
      return JSON.parse(aesDecrypt(session.sek, data).toString()) as unknown
    } catch (err) {
      if (!retried && err instanceof GstPortalRefusedError && STALE_TOKEN.has(err.code ?? '')) {
        login.drop()
        return call(path, payload, supplierGstin, true)
      }
      throw err
    }
  }

  return {
    name: 'NIC',
    sandbox: false,
    async register(document: InvoiceDocument, { ecomGstin }) {
      const gstin = document.supplier.gstin ?? ''
      const data = readAs(
        irnData,
        await call('/eicore/v1.03/Invoice', eInvoicePayload(document, ecomGstin), gstin),
        portal,
      )
      return {
        irn: data.Irn,
        ackNo: String(data.AckNo),
        ackDate: nicInstant(data.AckDt).toISOString(),
        signedQrCode: data.SignedQRCode,
      }
    },
    async findByDocument(key): Promise<HeldRegistration | null> {
      const query = new URLSearchParams({
        doctype: key.type,
        docnum: key.number,
        docdate: nicDate(key.issuedAt),
      })
      let answer: unknown
      try {
        answer = await call(
          `/eicore/v1.03/Invoice/irnbydocdetails?${query}`,
          undefined,
          key.supplierGstin,
        )
      } catch (err) {
        // A refusal here is "no IRN for these details" (NIC's 2283 and kin).
        if (err instanceof GstPortalRefusedError) return null
        throw err
      }
      const data = readAs(heldData, answer, portal)
      return {
        irn: data.Irn,
        ackNo: String(data.AckNo),
        ackDate: nicInstant(data.AckDt).toISOString(),
        signedQrCode: data.SignedQRCode,
        status: data.Status === 'CNL' ? 'cancelled' : 'active',
      }
    },
    async cancel(irn, supplierGstin, reason, remark) {
      const data = readAs(
        cancelData,
        await call(
          '/eicore/v1.03/Invoice/Cancel',
          { Irn: irn, CnlRsn: CANCEL_REASONS[reason], CnlRem: remark.slice(0, 100) },
          supplierGstin,
        ),
        portal,
      )
      return { cancelledAt: nicInstant(data.CancelDate).toISOString() }
    },
  }
}
