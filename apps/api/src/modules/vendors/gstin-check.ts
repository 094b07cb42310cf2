import { gstStateName } from '@techbazaar/shared'
import { GstnUnavailable, type GstinVerifier, type Taxpayer } from '../../gstn'
import { AppError, badRequest, conflict } from '../../lib/errors'

/*
 * Issue 30.10 (decision 075): GSTINs are asked of the GST network through a provider before a
 * seller is approved and before a business buyer's order is placed. A cancelled, suspended or
 * unknown GSTIN is refused; a composition dealer is approved, and then issues bills of supply
 * and sells only within its state.
 */

const unavailable = (message: string) => new AppError(503, message)

const NOT_SET_UP =
  'GSTINs cannot be verified with the GST network right now (no GST provider is configured).'
const DOWN =
  'The GST network could not be reached to verify the GSTIN. Please try again in a few minutes.'

/** The network's record of `gstin`, or the 4xx/503 explaining why it cannot be used. */
async function searchActive(
  gstn: GstinVerifier | undefined,
  gstin: string,
  whose: string,
): Promise<Taxpayer> {
  if (!gstn) throw unavailable(NOT_SET_UP)
  let taxpayer: Taxpayer | null
  try {
    taxpayer = await gstn.search(gstin)
  } catch (error) {
    if (error instanceof GstnUnavailable) throw unavailable(DOWN)
    throw error
  }
  if (!taxpayer) throw conflict(`The GST network has no registration ${gstin}: check ${whose}.`)
  if (taxpayer.status !== 'active') {
    throw conflict(
      `The GST network shows ${gstin} as ${taxpayer.statusText.toLowerCase()}: ${whose} must be active.`,
    )
  }
  return taxpayer
}

/** What a seller's approval stores of the network's answer. */
export interface SellerRegistration {
  gstRegistrationType: 'regular' | 'composition'
  gstinLegalName: string
  gstinVerifiedAt: Date
  /** A verified GSTIN clears what a re-check found (decision 78). */
  gstinProblem: null
}

/**
 * Verifies a seller's GSTIN before it is approved: active, and a regular or composition
 * registration (an input service distributor, a tax deductor and the like supply no goods).
 */
export async function verifySellerGstin(
  gstn: GstinVerifier | undefined,
  gstin: string,
  now: Date,
): Promise<SellerRegistration> {
  const taxpayer = await searchActive(gstn, gstin, "the seller's GSTIN")
  if (taxpayer.registrationType === 'other') {
    throw conflict(
      `${gstin} is registered as "${taxpayer.registrationTypeText}", which cannot sell goods: only a regular or composition registration can.`,
    )
  }
  return {
    gstRegistrationType: taxpayer.registrationType,
    gstinLegalName: taxpayer.legalName,
    gstinVerifiedAt: now,
    gstinProblem: null,
  }
}

/**
 * Verifies a business buyer's GSTIN at checkout, the one call order placement makes: the
 * invoice prints it as the recipient's, and it is refused unless the network shows it active.
 */
export async function verifyBuyerGstin(
  gstn: GstinVerifier | undefined,
  buyer: { gstin: string },
): Promise<Taxpayer> {
  return searchActive(gstn, buyer.gstin, 'the GSTIN entered for the invoice')
}

/**
 * Refuses an order that would take a composition dealer's goods out of its state: such a
 * dealer may not make inter-state supplies (CGST s.10(2)(c)), and the operator must not let it
 * (Notification 36/2023-CT). Run inside the order's transaction on the cart's lines, each read
 * with its seller's registration (`sellerComposition`: a composition dealer; its GSTIN and name).
 */
export function assertCompositionIntraState(
  lines: {
    title: string
    sellerComposition: boolean
    sellerGstNumber: string | null
    sellerName: string | null
  }[],
  placeOfSupply: string,
): void {
  for (const line of lines) {
    if (!line.sellerComposition) continue
    const state = line.sellerGstNumber?.slice(0, 2)
    if (!state || state === placeOfSupply) continue
    throw badRequest(
      `"${line.title}" is sold by ${line.sellerName}, a composition dealer that can deliver only within ${gstStateName(state)}. Please remove it from your cart or choose an address in ${gstStateName(state)}.`,
    )
  }
}
