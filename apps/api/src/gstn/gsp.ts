import { z } from 'zod'
import {
  GstnUnavailable,
  readRegistrationType,
  readStatus,
  type GstinVerifier,
  type Taxpayer,
} from './types'

export interface GspConfig {
  /** The GSP's API root, e.g. https://gsp.example.in (no trailing slash). */
  baseUrl: string
  clientId: string
  clientSecret: string
}

/** The taxpayer record of the GST network's search (field names as the network spells them). */
const taxpayerRecord = z.object({
  gstin: z.string(),
  lgnm: z.string(),
  tradeNam: z.string().nullish(),
  sts: z.string(),
  dty: z.string(),
})

/**
 * The answer envelope GSPs relay: `status_cd` "1" with the record in `data` (some send the
 * record at the top level), or "0" with `error.error_cd` / `error.message`.
 */
const envelope = z.object({
  status_cd: z.union([z.string(), z.number()]).optional(),
  data: z.unknown().optional(),
  error: z.object({ error_cd: z.string().optional(), message: z.string().optional() }).nullish(),
})

/** The network's code for "no such GSTIN" (SWEB_9035 "Invalid GSTIN / UID", and its kin). */
const NOT_FOUND_CODES = new Set(['SWEB_9035', 'FO8000', 'TAXPAYER_NOT_FOUND'])

/**
 * A GST Suvidha Provider's relay of the GST network's public "search taxpayer" API:
 * `GET {base}/commonapi/v1.1/search?action=TP&gstin={gstin}` with the GSP's `client_id` and
 * `client_secret` headers. A 4xx/`status_cd` "0" naming an unknown GSTIN answers null; any other
 * failure (network, 5xx, 429, a body that is not the contract) is GstnUnavailable.
 */
export function createGspGstn(config: GspConfig, http: typeof fetch = fetch): GstinVerifier {
  return {
    name: 'GSP',
    async search(gstin): Promise<Taxpayer | null> {
      const url = `${config.baseUrl}/commonapi/v1.1/search?action=TP&gstin=${encodeURIComponent(gstin)}`
      let response: Response
      try {
        response = await http(url, {
          headers: {
            Accept: 'application/json',
            client_id: config.clientId,
            client_secret: config.clientSecret,
          },
          signal: AbortSignal.timeout(10_000),
        })
      } catch (err) {
        throw new GstnUnavailable(`GSP unreachable: ${String(err)}`)
      }
      const body: unknown = await response.json().catch(() => null)
      const answer = envelope.safeParse(body)
      if (!answer.success) throw new GstnUnavailable(`GSP answered ${response.status} without JSON`)
      const { error } = answer.data
      const refused = String(answer.data.status_cd ?? '1') === '0' || Boolean(error)
      if (refused || !response.ok) {
        if (error?.error_cd && NOT_FOUND_CODES.has(error.error_cd)) return null
        if (response.status === 404) return null
        throw new GstnUnavailable(
          `GSP refused (${response.status}): ${error?.error_cd ?? ''} ${error?.message ?? ''}`.trim(),
        )
      }
      const record = taxpayerRecord.safeParse(answer.data.data ?? body)
      if (!record.success) throw new GstnUnavailable('GSP answer is not a taxpayer record')
      const r = record.data
      if (r.gstin.toUpperCase() !== gstin) throw new GstnUnavailable('GSP answered another GSTIN')
      return {
        gstin,
        legalName: r.lgnm.trim(),
        tradeName: r.tradeNam?.trim() || null,
        status: readStatus(r.sts),
        registrationType: readRegistrationType(r.dty),
        statusText: r.sts,
        registrationTypeText: r.dty,
      }
    },
  }
}
