import { z } from 'zod'

/**
 * The GST portals' settings (issue 30, items 8 and 9), read by config.ts like the payout rails':
 * NIC's e-invoice (IRP) and e-way bill API logins, and the thresholds. This file imports nothing
 * of config.ts (no cycle).
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalText = z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional())
const optionalUrl = z.preprocess(
  emptyAsUndefined,
  z.url('must be a URL like https://gsp.example.in/nic').optional(),
)
/** A PEM public key, given with literal "\n" where an env file cannot hold newlines. */
const optionalPem = z.preprocess(
  (value) =>
    typeof value === 'string' && value !== '' ? value.replaceAll('\\n', '\n') : undefined,
  z.string().includes('PUBLIC KEY', { message: 'must be a PEM public key' }).optional(),
)
const rupees = (fallback: number) => z.coerce.number().int().positive().default(fallback)

export const gstPortalsEnv = {
  // NIC's e-invoice API (or a GSP passing it through): the marketplace's API login.
  EINVOICE_BASE_URL: optionalUrl,
  EINVOICE_CLIENT_ID: optionalText,
  EINVOICE_CLIENT_SECRET: optionalText,
  EINVOICE_USERNAME: optionalText,
  EINVOICE_PASSWORD: optionalText,
  EINVOICE_PUBLIC_KEY: optionalPem,
  // NIC's e-way bill API, likewise.
  EWAYBILL_BASE_URL: optionalUrl,
  EWAYBILL_CLIENT_ID: optionalText,
  EWAYBILL_CLIENT_SECRET: optionalText,
  EWAYBILL_USERNAME: optionalText,
  EWAYBILL_PASSWORD: optionalText,
  EWAYBILL_PUBLIC_KEY: optionalPem,
  // Aggregate turnover above which a seller must e-invoice (Notification 10/2023-CT: ₹5 crore).
  EINVOICE_TURNOVER_RUPEES: rupees(5_00_00_000),
  // Consignment value above which goods need an e-way bill before they move (rule 138: ₹50,000).
  EWAYBILL_THRESHOLD_RUPEES: rupees(50_000),
  // Whether the marketplace's own supplies (products admins list) are e-invoiced.
  MARKETPLACE_EINVOICING: z.enum(['true', 'false']).default('false'),
}

type GstPortalsEnv = z.infer<z.ZodObject<typeof gstPortalsEnv>>

interface NicLogin {
  baseUrl: string
  clientId: string
  clientSecret: string
  username: string
  password: string
  publicKeyPem: string
}

function login(
  prefix: 'EINVOICE' | 'EWAYBILL',
  values: Partial<NicLogin>,
  problems: string[],
): NicLogin | undefined {
  const entries = Object.entries(values)
  const set = entries.filter(([, v]) => v !== undefined)
  if (set.length === 0) return undefined
  if (set.length < entries.length) {
    const names: Record<string, string> = {
      baseUrl: 'BASE_URL',
      clientId: 'CLIENT_ID',
      clientSecret: 'CLIENT_SECRET',
      username: 'USERNAME',
      password: 'PASSWORD',
      publicKeyPem: 'PUBLIC_KEY',
    }
    for (const [key, value] of entries) {
      if (value === undefined) {
        problems.push(`${prefix}_${names[key]}: is required when ${prefix}_* is configured`)
      }
    }
    return undefined
  }
  return { ...(values as NicLogin), baseUrl: (values.baseUrl ?? '').replace(/\/+$/, '') }
}

export function gstPortalsConfig(e: GstPortalsEnv, refuse: (message: string) => Error) {
  const problems: string[] = []
  const einvoice = login(
    'EINVOICE',
    {
      baseUrl: e.EINVOICE_BASE_URL,
      clientId: e.EINVOICE_CLIENT_ID,
      clientSecret: e.EINVOICE_CLIENT_SECRET,
      username: e.EINVOICE_USERNAME,
      password: e.EINVOICE_PASSWORD,
      publicKeyPem: e.EINVOICE_PUBLIC_KEY,
    },
    problems,
  )
  const ewayBill = login(
    'EWAYBILL',
    {
      baseUrl: e.EWAYBILL_BASE_URL,
      clientId: e.EWAYBILL_CLIENT_ID,
      clientSecret: e.EWAYBILL_CLIENT_SECRET,
      username: e.EWAYBILL_USERNAME,
      password: e.EWAYBILL_PASSWORD,
      publicKeyPem: e.EWAYBILL_PUBLIC_KEY,
    },
    problems,
  )
  if (problems.length > 0) {
    throw refuse(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  return {
    einvoice,
    ewayBill,
    /** In paise: a seller whose aggregate turnover passed it must e-invoice. */
    einvoiceTurnoverPaise: e.EINVOICE_TURNOVER_RUPEES * 100,
    /** In paise: a consignment worth more needs an e-way bill. */
    ewayBillThresholdPaise: e.EWAYBILL_THRESHOLD_RUPEES * 100,
    marketplaceEInvoicing: e.MARKETPLACE_EINVOICING === 'true',
  }
}

export type GstPortalsConfig = ReturnType<typeof gstPortalsConfig>
