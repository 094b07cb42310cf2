import type { Config } from '../config'
import { createNicEInvoice } from './nic-einvoice'
import { createNicEWayBill } from './nic-ewaybill'
import { recoveringLostAnswers } from './lost-answers'
import { recoveringLostEWayBills } from './lost-eway-bills'
import { createGstSandbox, type GstSandbox } from './sandbox'
import type { EInvoiceProvider, EWayBillProvider } from './types'

export type {
  DocumentKey,
  EInvoiceProvider,
  EWayBillProvider,
  EWayBillRecord,
  HeldEWayBill,
  IrnRegistration,
} from './types'
export { GstPortalRefusedError, GstPortalUnavailableError } from './types'
export { documentKey } from './lost-answers'
export { verifiedQrData } from './signed-qr'

export interface GstPortals {
  /** The IRP invoices are registered with; undefined when none is set up (outside demo mode). */
  einvoice: EInvoiceProvider | undefined
  /** The e-way bill system; undefined when none is set up (sellers then enter their own). */
  ewayBill: EWayBillProvider | undefined
  /** The demo's stand-ins (used only in demo mode and when no login is configured). */
  sandbox: GstSandbox | undefined
}

/**
 * The GST portals, like couriers (couriers/index.ts): NIC's APIs when their logins are set, the
 * sandbox in demo mode only (a pretend IRN must never stand on a real seller's invoice). Either IRP
 * finds a registration again whose answer was lost (lost-answers.ts), and either e-way bill
 * system a bill (lost-eway-bills.ts).
 */
export function createGstPortals(
  config: Pick<Config, 'demo' | 'gstPortals' | 'marketplace'>,
  deps: { fetch?: typeof fetch; now?: () => Date } = {},
): GstPortals {
  const { einvoice, ewayBill } = config.gstPortals
  const gstin = config.marketplace.gstin
  const sandbox =
    config.demo.enabled && (!einvoice || !ewayBill) ? createGstSandbox(deps.now) : undefined
  const bills = ewayBill
    ? createNicEWayBill({ ...ewayBill, gstin, fetch: deps.fetch })
    : sandbox?.ewayBill
  const irp = einvoice
    ? createNicEInvoice({ ...einvoice, gstin, fetch: deps.fetch })
    : sandbox?.einvoice
  return {
    einvoice: irp && recoveringLostAnswers(irp),
    ewayBill: bills && recoveringLostEWayBills(bills),
    sandbox,
  }
}
