import { GST_STATES } from './gst-states'
import { PINCODE_PATTERN } from './validators'

/*
 * PIN code → GST state, for the invoices' place of supply and to check that a seller's business
 * address is in the state it names. India Post assigns PIN codes by postal circle, and the first
 * two digits name a circle; a few circles also serve a neighbouring state or union territory
 * (Goa in Maharashtra's 40-44, Puducherry in Tamil Nadu's 60-64 with its enclaves Yanam (533)
 * and Mahe (673), the North-East beside Assam in 78-79, Jharkhand in Bihar's 80-85, Uttarakhand
 * in Uttar Pradesh's 20-28, Chandigarh in Punjab's 14-16, ...). Army post office PINs (9xxxxx)
 * and anything else unknown have no state.
 */

/**
 * First two PIN digits → every GST state code the circle serves, the circle's own state first
 * (the place of supply when no three-digit prefix below says otherwise).
 */
const CIRCLES: ReadonlyArray<readonly [from: number, to: number, states: readonly string[]]> = [
  [11, 11, ['07']], // Delhi
  [12, 13, ['06']], // Haryana
  [14, 16, ['03', '04']], // Punjab, Chandigarh
  [17, 17, ['02']], // Himachal Pradesh
  [18, 19, ['01', '38']], // Jammu and Kashmir, Ladakh
  [20, 28, ['09', '05']], // Uttar Pradesh, Uttarakhand
  [30, 34, ['08']], // Rajasthan
  [36, 39, ['24', '26']], // Gujarat, Dadra and Nagar Haveli and Daman and Diu
  [40, 44, ['27', '30']], // Maharashtra, Goa
  [45, 48, ['23']], // Madhya Pradesh
  [49, 49, ['22']], // Chhattisgarh
  // Telangana and Andhra Pradesh were one circle until 2014, and villages moved between them.
  [50, 50, ['36', '37']],
  [51, 53, ['37', '36', '34']], // Andhra Pradesh, Telangana, Puducherry (Yanam)
  [56, 59, ['29']], // Karnataka
  [60, 64, ['33', '34']], // Tamil Nadu, Puducherry
  [67, 69, ['32', '31', '34']], // Kerala, Lakshadweep, Puducherry (Mahe)
  [70, 74, ['19', '11', '35']], // West Bengal, Sikkim, Andaman and Nicobar Islands
  [75, 77, ['21']], // Odisha
  // Assam and the North-East circle (Arunachal Pradesh, Nagaland, Manipur, Mizoram, Tripura,
  // Meghalaya), once one circle.
  [78, 79, ['18', '12', '13', '14', '15', '16', '17']],
  [80, 85, ['10', '20']], // Bihar, Jharkhand
]

/** First three PIN digits → the GST state code for the place of supply, before the circle's own. */
const THREE_DIGIT: Readonly<Record<string, string>> = {
  '160': '04',
  '194': '38',
  '246': '05',
  '247': '05',
  '248': '05',
  '249': '05',
  '262': '05',
  '263': '05',
  '403': '30',
  '605': '34',
  '737': '11',
  '744': '35',
  '790': '12',
  '791': '12',
  '792': '12',
  '793': '17',
  '794': '17',
  '795': '14',
  '796': '15',
  '797': '13',
  '798': '13',
  '799': '16',
  '814': '20',
  '815': '20',
  '816': '20',
  '825': '20',
  '826': '20',
  '827': '20',
  '828': '20',
  '829': '20',
  '831': '20',
  '832': '20',
  '833': '20',
  '834': '20',
  '835': '20',
}

function circleOf(pincode: string) {
  if (!PINCODE_PATTERN.test(pincode)) return undefined
  const two = Number(pincode.slice(0, 2))
  return CIRCLES.find(([from, to]) => two >= from && two <= to)
}

/** The most likely GST state code of a 6-digit PIN code, or undefined when it is not mapped. */
export function stateCodeForPincode(pincode: string): string | undefined {
  const circle = circleOf(pincode)
  if (!circle) return undefined
  return THREE_DIGIT[pincode.slice(0, 3)] ?? circle[2][0]
}

/**
 * Every GST state code a PIN code may belong to: all the states its postal circle serves, so
 * that a valid address near a border is never refused. Empty when the PIN is not mapped.
 */
export function stateCodesForPincode(pincode: string): readonly string[] {
  return circleOf(pincode)?.[2] ?? []
}

/** A GST state's name, or its code when unknown (never a blank on an invoice). */
export function gstStateName(code: string): string {
  return GST_STATES[code] ?? `State ${code}`
}

/** States with PIN codes of their own; "Other Territory" (97) has none to check against. */
const STATES_WITH_PINS = new Set(CIRCLES.flatMap(([, , states]) => states))

const listOf = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')

/**
 * Why `pincode` cannot be in the state `stateCode`, or null when it can (or when the PIN or the
 * state has no mapping, e.g. army post offices or "Other Territory": nothing to check against).
 */
export function pincodeStateProblem(pincode: string, stateCode: string): string | null {
  const states = stateCodesForPincode(pincode)
  if (states.length === 0 || states.includes(stateCode) || !STATES_WITH_PINS.has(stateCode)) {
    return null
  }
  return `PIN code ${pincode} is in ${listOf(states.map(gstStateName))}, not ${gstStateName(stateCode)}`
}
