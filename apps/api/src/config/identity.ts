/** Who the shop is and whether it is a demo: the marketplace's legal identity, its grievance officer, the GST network's provider. */
import type { Env } from './env'
import { ConfigError } from './error'

/** Names and addresses only this machine reaches: localhost (and *.localhost), 127/8 and ::1. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(name)
  )
}

/**
 * Whether this start is the demo (demo accounts with the published password, the demo catalog
 * and the sandbox gateway playing every provider without keys), why (for the start's log), and
 * whether only this machine can reach the shop. Unset DEMO_MODE means: only when nobody but this
 * machine can reach it, outside production (decision 38).
 */
export function demoMode(e: Env, appUrl: string) {
  const appUrlLocal = isLoopback(new URL(appUrl).hostname)
  const local = appUrlLocal && isLoopback(e.HOST)
  const ask = 'set DEMO_MODE=true to have them anyway'
  const demo = (enabled: boolean, reason: string) => ({ enabled, reason, local })
  if (e.DEMO_MODE !== '') return demo(e.DEMO_MODE === 'true', `DEMO_MODE=${e.DEMO_MODE}`)
  if (e.NODE_ENV === 'production') return demo(false, 'NODE_ENV=production')
  if (!appUrlLocal) return demo(false, `APP_URL ${appUrl} is not this machine; ${ask}`)
  if (!local) {
    return demo(false, `HOST ${e.HOST} accepts connections from other machines; ${ask}`)
  }
  return demo(true, 'APP_URL and HOST are this machine only')
}

/** The demo business, for demo starts that set none (never printed by a shop open to others). */
const DEMO_MARKETPLACE = {
  legalName: 'TechBazaar Retail Pvt. Ltd.',
  address: 'No. 42, 2nd Floor, 80 Feet Road; HAL 2nd Stage, Indiranagar; Bengaluru 560038',
  gstin: '29AAGCB7383J1Z4',
  carePhone: '1800 309 4242',
  careEmail: 'care@techbazaar.example',
  grievanceOfficer: {
    name: 'Kavya Menon',
    designation: 'Grievance Officer',
    email: 'grievance@techbazaar.example',
    phone: '+91 80 4567 8900',
  },
}

/** Why each identity variable is asked for, in the refusal's words. */
function identityPurpose(name: string): string {
  if (name.startsWith('MARKETPLACE_CARE')) return 'the customer care its listings show'
  if (name.startsWith('MARKETPLACE_GRIEVANCE')) return 'the grievance officer its pages name'
  return 'the business printed on GST invoices'
}

/**
 * The marketplace's legal identity for invoices and the storefront's pages (one source, served
 * by GET /api/shop/policies). A shop outside demo mode must name it (issue 30.2): an invoice with
 * a made-up supplier or operator GSTIN on a public shop is worse than no shop.
 */
export function marketplaceConfig(e: Env, demo: boolean) {
  const given = {
    MARKETPLACE_LEGAL_NAME: e.MARKETPLACE_LEGAL_NAME,
    MARKETPLACE_ADDRESS: e.MARKETPLACE_ADDRESS,
    MARKETPLACE_GSTIN: e.MARKETPLACE_GSTIN,
    MARKETPLACE_CARE_PHONE: e.MARKETPLACE_CARE_PHONE,
    MARKETPLACE_CARE_EMAIL: e.MARKETPLACE_CARE_EMAIL,
    MARKETPLACE_GRIEVANCE_OFFICER_NAME: e.MARKETPLACE_GRIEVANCE_OFFICER_NAME,
    MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION: e.MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION,
    MARKETPLACE_GRIEVANCE_OFFICER_EMAIL: e.MARKETPLACE_GRIEVANCE_OFFICER_EMAIL,
    MARKETPLACE_GRIEVANCE_OFFICER_PHONE: e.MARKETPLACE_GRIEVANCE_OFFICER_PHONE,
  }
  const missing = Object.entries(given)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name)
  if (!demo && missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing
        .map((name) => `  ${name}: is required outside demo mode (${identityPurpose(name)})`)
        .join('\n')}`,
    )
  }
  const officer = DEMO_MARKETPLACE.grievanceOfficer
  const gstin = e.MARKETPLACE_GSTIN ?? DEMO_MARKETPLACE.gstin
  return {
    legalName: e.MARKETPLACE_LEGAL_NAME ?? DEMO_MARKETPLACE.legalName,
    address: (e.MARKETPLACE_ADDRESS ?? DEMO_MARKETPLACE.address)
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    gstin,
    /** A GSTIN is issued per state: its first two digits are the state the business is in. */
    stateCode: gstin.slice(0, 2),
    /** Its customer care, shown with its own goods (decision 066). */
    carePhone: e.MARKETPLACE_CARE_PHONE ?? DEMO_MARKETPLACE.carePhone,
    careEmail: e.MARKETPLACE_CARE_EMAIL ?? DEMO_MARKETPLACE.careEmail,
    /** Its TAN (the deductor of TDS under s.194-O), when set. */
    tan: e.MARKETPLACE_TAN ?? null,
    careHours: e.MARKETPLACE_CARE_HOURS,
    /** E-Commerce Rules 2020 r.4(4): shown on the storefront's contact and policy pages. */
    grievanceOfficer: {
      name: e.MARKETPLACE_GRIEVANCE_OFFICER_NAME ?? officer.name,
      designation: e.MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION ?? officer.designation,
      email: e.MARKETPLACE_GRIEVANCE_OFFICER_EMAIL ?? officer.email,
      phone: e.MARKETPLACE_GRIEVANCE_OFFICER_PHONE ?? officer.phone,
    },
  }
}

/** The GSP that verifies GSTINs, when set; a half-set one is refused by name. */
export function gstnConfig(e: Env) {
  const given = {
    GSTN_GSP_URL: e.GSTN_GSP_URL,
    GSTN_GSP_CLIENT_ID: e.GSTN_GSP_CLIENT_ID,
    GSTN_GSP_CLIENT_SECRET: e.GSTN_GSP_CLIENT_SECRET,
  }
  const missing = Object.entries(given).filter(([, value]) => !value)
  if (missing.length === 3) return undefined
  if (missing.length > 0 || !e.GSTN_GSP_URL || !e.GSTN_GSP_CLIENT_ID || !e.GSTN_GSP_CLIENT_SECRET) {
    const lines = missing.map(([name]) => `  ${name}: is required when a GSP is configured`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    baseUrl: e.GSTN_GSP_URL.replace(/\/+$/, ''),
    clientId: e.GSTN_GSP_CLIENT_ID,
    clientSecret: e.GSTN_GSP_CLIENT_SECRET,
  }
}

/**
 * The grievances policy (decision 071). The officer is the marketplace's, from its identity
 * (MARKETPLACE_GRIEVANCE_OFFICER_*, required outside demo mode): one source for the pages, the
 * tickets and the mails.
 */
export function grievancesConfig(e: Env, marketplace: ReturnType<typeof marketplaceConfig>) {
  return {
    ackHours: e.GRIEVANCE_ACK_HOURS,
    resolveDays: e.GRIEVANCE_RESOLVE_DAYS,
    officer: marketplace.grievanceOfficer,
  }
}
