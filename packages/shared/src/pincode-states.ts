import { GST_STATES } from './gst-states'
import { PINCODE_PATTERN } from './validators'

/*
 * PIN code → GST state: the state a delivery address form proposes (the place of supply on
 * invoices is the state the shopper then picks) and the states it accepts for the PIN, also for
 * a seller's business address. India Post assigns PINs by postal circle (the first two digits),
 * and several circles also serve a neighbouring state or union territory, sometimes down to
 * single post offices: a prefix of 3 to 6 digits below names those, the longest match wins.
 * Army and field post office PINs (9xxxxx) and anything else unknown have no state.
 * Checked against India Post's directory of post offices (All India Pincode Directory, 165,627
 * offices: `npm run verify:pincodes`); where one PIN's offices lie in two states, both are listed
 * (the PIN's own office's state first), so no real address is refused.
 */

/**
 * First two PIN digits → the circle's own state (the place of supply when no prefix below says
 * otherwise), then the states any of its PINs may also be in, only where villages moved between
 * states or the circle's states share PINs too freely to list.
 */
const CIRCLES: ReadonlyArray<readonly [from: number, to: number, states: readonly string[]]> = [
  [11, 11, ['07']], // Delhi
  [12, 13, ['06']], // Haryana
  [14, 16, ['03']], // Punjab (Chandigarh below)
  [17, 17, ['02']], // Himachal Pradesh
  [18, 19, ['01']], // Jammu and Kashmir (Ladakh below)
  [20, 28, ['09']], // Uttar Pradesh (Uttarakhand below)
  [30, 34, ['08']], // Rajasthan
  [36, 39, ['24']], // Gujarat (Dadra and Nagar Haveli and Daman and Diu below)
  [40, 44, ['27']], // Maharashtra (Goa below)
  [45, 48, ['23']], // Madhya Pradesh
  [49, 49, ['22']], // Chhattisgarh
  // Telangana (50x) and Andhra Pradesh (51x-53x), one circle until 2014: district prefixes below.
  [50, 50, ['36']],
  [51, 53, ['37']],
  [56, 59, ['29']], // Karnataka
  [60, 64, ['33']], // Tamil Nadu (Puducherry below)
  [67, 69, ['32']], // Kerala (Lakshadweep and Mahe below)
  [70, 74, ['19']], // West Bengal (Sikkim, Andaman and Nicobar Islands below)
  [75, 77, ['21']], // Odisha
  // Assam (78x) and the North-East circle (79x: Arunachal Pradesh, Meghalaya, Manipur, Mizoram,
  // Nagaland, Tripura): each state's district prefixes below.
  [78, 79, ['18']],
  [80, 85, ['10']], // Bihar (Jharkhand below)
]

/**
 * PIN prefixes (3 to 6 digits, space-separated) → their state, or states when one PIN's post
 * offices lie in two (the first is proposed). The longest match is the whole answer for its
 * PINs: a state nested under a shorter prefix is possible only for the PINs listed with it.
 */
const PREFIXES: ReadonlyArray<readonly [states: string, prefixes: string]> = [
  ['04', '160'], // Chandigarh, in Punjab's circle
  ['03', '160055 160059 160062 160071 160103 160104'], // Mohali (SAS Nagar) and Naya Gaon, Punjab
  ['38', '194'], // Ladakh: Leh, Kargil
  ['05', '2447'], // Kashipur, Jaspur, Ramnagar (Uttarakhand), in Moradabad's 244
  ['09', '244701'], // Milak, Rampur, Uttar Pradesh
  ['09 05', '244923 244924'], // Rampur's offices; Kaushal Ganj, Bhagwant Nagar (Udham Singh Nagar)
  ['05', '246'], // Garhwal, Uttarakhand
  ['09', '2467'], // Bijnor, Najibabad, Uttar Pradesh
  ['09', '246763'], // Najibabad, Bijnor, Uttar Pradesh
  ['05', '2476'], // Roorkee, Haridwar (Uttarakhand), in Saharanpur's 247
  ['09', '247669'], // Gagalheri, Saharanpur, Uttar Pradesh
  ['09 05', '247662'], // Chutmalpur, Saharanpur, whose offices also serve Haridwar's villages
  ['05', '247665'], // Jhabrera, Haridwar, Uttarakhand
  ['05', '248 249 263'], // Dehradun, Rishikesh and Haridwar, Kumaon
  ['05', '2623 2624 2625 2626'], // Khatima, Sitarganj, Pithoragarh, Champawat, in Pilibhit's 262
  ['09', '262302 262305 262406'], // Majhola, Neoria (Pilibhit), Nawabganj (Bareilly), UP
  ['26', '362520 362540 362570'], // Diu, in Junagadh's 362
  ['26', '396210 396220'], // Daman, in Valsad's 396
  ['26 24', '396215'], // Daman's industrial estate; also Kunta, Valsad
  ['26 24', '396193 396230 396235 396240'], // Dadra, Silvassa, Naroli, Khanvel; also Vapi's villages
  ['30', '403'], // Goa
  // Telangana and Andhra Pradesh by district (India Post's sorting districts, All India Pincode
  // Directory on data.gov.in): 500 Hyderabad, 501 Ranga Reddy, 502 Medak, 503 Nizamabad,
  // 504 Adilabad, 505 Karimnagar, 506 Warangal, 508 Nalgonda, 509 Mahabubnagar (Telangana);
  // 515 Anantapur, 516 Kadapa, 517 Chittoor, 518 Kurnool, 520-521 Krishna, 522 Guntur,
  // 523 Prakasam, 524 Nellore, 530-531 Visakhapatnam, 532 Srikakulam, 533 East Godavari,
  // 534 West Godavari, 535 Vizianagaram (Andhra Pradesh).
  ['36', '500 501 502 503 504 505 506 508 509'],
  // Khammam and Bhadradri Kothagudem, Telangana. The Polavaram mandals that moved to Andhra
  // Pradesh in 2014 have Andhra PINs now (Chinturu 533347, Kunavaram 533350, Kukunoor 534444).
  ['36', '507'],
  ['37', '515 516 517 518 520 521 522 523 524 530 531 532 533 534 535'],
  ['34 37', '533464'], // Yanam, Puducherry, whose office also serves Andhra Pradesh's villages
  ['34', '605'], // Puducherry
  ['33', '6052 6053 6054 6056 6057 6058'], // Villupuram district, Tamil Nadu, in Puducherry's 605
  ['33', '605101 605103 605104 605108 605109'], // Villupuram's, e.g. Kottakuppam, Tamil Nadu
  // Puducherry's offices that also serve Tamil Nadu's villages, and Tamil Nadu's that also serve
  // Puducherry's (the PIN's own office's state first).
  ['34 33', '605007 605014 605106 605110 605501'],
  ['33 34', '605102 605105 605107 605111 605502'],
  ['34 33', '607402'], // Bahour, Puducherry, in Cuddalore's 607; also Cuddalore's villages
  ['33 34', '607403'], // Reddichavadi, Cuddalore; also Pillayarkuppam, Kirumambakkam (Puducherry)
  ['34', '609601 609602 609605 609606 609607 609609'], // Karaikal, Puducherry, in Tamil Nadu's 609
  ['34 33', '609603 609604'], // Nedungadu, Neravy (Karaikal), also Tamil Nadu villages
  ['34', '673310'], // Mahe, Puducherry, in Kerala's 673
  ['31', '68255'], // Lakshadweep, in Kochi's 682
  ['11', '737'], // Sikkim
  ['35', '744'], // Andaman and Nicobar Islands
  // Assam by district groups (India Post's Assam circle): 781 Kamrup, Guwahati, Nalbari, Barpeta;
  // 782 Nagaon, Karbi Anglong, Morigaon; 783 Goalpara, Dhubri, Kokrajhar, Bongaigaon;
  // 784 Darrang, Sonitpur, Udalguri; 785 Jorhat, Golaghat, Sibsagar; 786 Dibrugarh, Tinsukia;
  // 787 Lakhimpur, Dhemaji; 788 Cachar, Karimganj, Hailakandi, Dima Hasao.
  ['18', '781 782 783 784 785 786 787 788'],
  // Assam's offices that also serve Ri Bhoi's villages, Meghalaya.
  ['18 17', '781029 781131 782410'],
  // The North-East circle by state (India Post, North East circle's divisions).
  ['12', '790 791 792'], // Arunachal Pradesh
  ['17', '793 794'], // Meghalaya
  ['14', '795'], // Manipur
  ['15', '796'], // Mizoram
  ['13', '797 798'], // Nagaland
  ['16', '799'], // Tripura
  ['20', '813208 818142'], // Mirzachowki (Sahibganj, Godda), Jhinaki (Dhanbad), Jharkhand
  ['10 20', '813206'], // Ishipur, Bhagalpur; also Itahari and Sukhari (Godda, Jharkhand)
  ['10 09', '802131'], // Buxar's offices; also Sheopur Diar (Ballia, Uttar Pradesh)
  ['20', '814 815 816 822 825 826 827 828 829 831 832 833 834 835'], // Jharkhand, Daltonganj 822
  ['10', '814131'], // Chandan, Banka, Bihar, in Jharkhand's 814
]

const PREFIX_STATES = new Map(
  PREFIXES.flatMap(([states, prefixes]) =>
    prefixes.split(' ').map((prefix) => [prefix, states.split(' ')] as const),
  ),
)

/** The circle of a well-formed PIN and its longest matching prefix's states (else the circle's). */
function lookup(pincode: string) {
  if (!PINCODE_PATTERN.test(pincode)) return undefined
  const two = Number(pincode.slice(0, 2))
  const circle = CIRCLES.find(([from, to]) => two >= from && two <= to)
  if (!circle) return undefined
  for (let length = 6; length >= 3; length--) {
    const states = PREFIX_STATES.get(pincode.slice(0, length))
    if (states) return { circle: circle[2], length, states }
  }
  return { circle: circle[2], length: 2, states: circle[2].slice(0, 1) }
}

/** The most likely GST state code of a 6-digit PIN code, or undefined when it is not mapped. */
export function stateCodeForPincode(pincode: string): string | undefined {
  return lookup(pincode)?.states[0]
}

/**
 * Every GST state code a PIN code may belong to, the likely one first: its longest matching
 * prefix's state(s), and for a PIN no prefix longer than three digits names, the circle's others
 * where its states share PINs. An enclave's state is possible only for the PINs listed as in it
 * (issue 30.3: a short prefix used to accept every state nested under it). Empty when the PIN is
 * not mapped (army post offices).
 */
export function stateCodesForPincode(pincode: string): readonly string[] {
  const found = lookup(pincode)
  if (!found) return []
  if (found.length > 3) return found.states
  // A circle listing several states shares PINs among all of them (its own included).
  const shared = found.circle.length > 1 ? found.circle : []
  return [...new Set([...found.states, ...shared])]
}

/** A GST state's name, or its code when unknown (never a blank on an invoice). */
export function gstStateName(code: string): string {
  return GST_STATES[code] ?? `State ${code}`
}

/** States with PIN codes of their own; "Other Territory" (97) has none to check against. */
const STATES_WITH_PINS = new Set([
  ...CIRCLES.flatMap(([, , states]) => states),
  ...[...PREFIX_STATES.values()].flat(),
])

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
