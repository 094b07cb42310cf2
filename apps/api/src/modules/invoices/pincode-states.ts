/**
 * GST state codes (first two digits of a GSTIN) and a PIN code → state map for the place of
 * supply. India Post assigns PIN codes by postal circle, so the first two digits name a state
 * for most of the country; the three-digit overrides cover the states and union territories
 * that share a circle with a neighbour (Goa in Maharashtra's 40x, Puducherry in Tamil Nadu's
 * 60x, the North-East in 79x, Jharkhand in Bihar's 8xx, Uttarakhand in Uttar Pradesh's 24x/26x,
 * Chandigarh in Punjab's 16x). Army post office PINs (9xxxxx) and anything else unknown answer
 * undefined: the invoice then uses the supplier's state (see invoices.service.ts).
 */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
}

/** First two PIN digits → GST state code. */
const TWO_DIGIT: ReadonlyArray<readonly [from: number, to: number, state: string]> = [
  [11, 11, '07'], // Delhi
  [12, 13, '06'], // Haryana
  [14, 16, '03'], // Punjab (160 is Chandigarh, below)
  [17, 17, '02'], // Himachal Pradesh
  [18, 19, '01'], // Jammu and Kashmir (194 is Ladakh, below)
  [20, 28, '09'], // Uttar Pradesh (246-249, 262-263 are Uttarakhand, below)
  [30, 34, '08'], // Rajasthan
  [36, 39, '24'], // Gujarat
  [40, 44, '27'], // Maharashtra (403 is Goa, below)
  [45, 48, '23'], // Madhya Pradesh
  [49, 49, '22'], // Chhattisgarh
  [50, 50, '36'], // Telangana
  [51, 53, '37'], // Andhra Pradesh
  [56, 59, '29'], // Karnataka
  [60, 64, '33'], // Tamil Nadu (605 is Puducherry, below)
  [67, 69, '32'], // Kerala
  [70, 74, '19'], // West Bengal (737 Sikkim, 744 Andaman and Nicobar, below)
  [75, 77, '21'], // Odisha
  [78, 78, '18'], // Assam
  [80, 85, '10'], // Bihar (Jharkhand's districts below)
]

/** First three PIN digits → GST state code, checked before the two-digit ranges. */
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

/** The GST state code of a 6-digit PIN code, or undefined when the prefix is not mapped. */
export function stateCodeForPincode(pincode: string): string | undefined {
  if (!/^[1-9][0-9]{5}$/.test(pincode)) return undefined
  const three = THREE_DIGIT[pincode.slice(0, 3)]
  if (three) return three
  const two = Number(pincode.slice(0, 2))
  return TWO_DIGIT.find(([from, to]) => two >= from && two <= to)?.[2]
}

export function stateName(code: string): string {
  return GST_STATES[code] ?? `State ${code}`
}
