// The Node versions the shop names agree (issue 31, decision 77): package.json's engines, the
// README, the Dockerfile's image and the line CI tests; and every locked dependency accepts the
// lowest supported version and the tested line, so `npm ci` on them prints no EBADENGINE (the
// dependencies installed on this machine's platform).
// Run by `npm run lint`.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'

const root = path.resolve(import.meta.dirname, '..')
const read = (file) => readFileSync(path.join(root, file), 'utf8')
const problems = []

const range = JSON.parse(read('package.json')).engines?.node
const floor = range && semver.minVersion(range)
if (!floor) problems.push('package.json: engines.node names no version')

const lock = JSON.parse(read('package-lock.json'))
if (lock.packages[''].engines?.node !== range) {
  problems.push('package-lock.json: the root engines differ from package.json (run npm install)')
}

const imageLine = /^FROM node:(\d+)-/m.exec(read('Dockerfile'))?.[1]
const ciLine = /NODE_LTS:-(\d+)/.exec(read('.ci/node-lts.sh'))?.[1]
if (!imageLine || imageLine !== ciLine) {
  problems.push(`Dockerfile runs Node ${imageLine}, CI tests Node ${ciLine}: they must be one line`)
}
const tested = semver.coerce(ciLine ?? '0')

if (floor) {
  if (!semver.satisfies(tested, range)) problems.push(`CI's Node ${ciLine} is outside ${range}`)
  const named = `Node.js ${floor.major}.${floor.minor} or newer`
  if (!read('README.md').includes(named)) problems.push(`README.md does not say "${named}"`)
  for (const [where, entry] of Object.entries(lock.packages)) {
    const wanted = entry.engines?.node
    if (!where || typeof wanted !== 'string' || !semver.validRange(wanted)) continue
    // Builds for other platforms (sharp's win32, rolldown's wasm) are locked but not installed.
    if (!existsSync(path.join(root, where, 'package.json'))) continue
    for (const version of [floor, tested]) {
      if (!semver.satisfies(version, wanted)) {
        problems.push(
          `${where.replace(/^.*node_modules\//, '')} wants Node ${wanted}: not ${version}`,
        )
      }
    }
  }
}

if (problems.length) {
  console.error(`Node versions disagree:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`Node versions: ${range} supported, ${ciLine} tested and shipped`)
