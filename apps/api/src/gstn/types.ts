/**
 * GSTIN verification with the GST network (issue 30.10): what a provider answers about a GSTIN.
 * The GST network's "search taxpayer" service names a registration's legal name (`lgnm`), its
 * status (`sts`: Active, Cancelled, Suspended, Inactive, Provisional) and its type (`dty`:
 * Regular, Composition, Input Service Distributor, Casual Taxable Person, ...).
 */

/** The registration's status as the shop reads it: only an active one may sell or be billed. */
export type GstinStatus = 'active' | 'cancelled' | 'suspended' | 'inactive'

/**
 * The registration type as the shop reads it: a composition dealer (CGST s.10) issues bills of
 * supply without GST and may sell only within its state; 'other' covers every other type (ISD,
 * tax deductor, non-resident, ...), which cannot supply goods through the shop.
 */
export type GstRegistrationType = 'regular' | 'composition' | 'other'

export interface Taxpayer {
  gstin: string
  /** The legal name of business (`lgnm`). */
  legalName: string
  tradeName: string | null
  status: GstinStatus
  registrationType: GstRegistrationType
  /** The network's own words (`sts`, `dty`), kept for the admin and the log. */
  statusText: string
  registrationTypeText: string
}

/** Asks the GST network about a GSTIN; the sandbox plays it in demo mode. */
export interface GstinVerifier {
  name: 'GSP' | 'SANDBOX'
  /** The registration, or null when the network knows no such GSTIN. Throws GstnUnavailable. */
  search(gstin: string): Promise<Taxpayer | null>
}

/** The network could not be asked or did not answer sensibly: nothing is known about the GSTIN. */
export class GstnUnavailable extends Error {}

/** `sts` as the shop reads it; anything unknown is not active. */
export function readStatus(sts: string): GstinStatus {
  const value = sts.trim().toLowerCase()
  if (value === 'active' || value === 'provisional') return 'active'
  if (value.startsWith('cancel')) return 'cancelled'
  if (value.startsWith('suspend')) return 'suspended'
  return 'inactive'
}

/** `dty` as the shop reads it. */
export function readRegistrationType(dty: string): GstRegistrationType {
  const value = dty.trim().toLowerCase()
  if (value === 'regular' || value === 'normal' || value === 'normal taxpayer') return 'regular'
  if (value.startsWith('composition')) return 'composition'
  return 'other'
}
