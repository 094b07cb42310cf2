#!/usr/bin/env node
/**
 * The index of docs/decisions/: reads every `NNN-title.md` (its `# N. Title` heading and its
 * `Status:` paragraph) and rewrites the table between the markers in docs/decisions/README.md.
 *
 *   node scripts/decisions-index.mjs           rewrite the table
 *   node scripts/decisions-index.mjs --check   change nothing; fail when a file breaks the rules
 *                                              or the table is not what it would write (npm run lint)
 *
 * Rules: file names are a three-digit number and a kebab-case title; numbers run from 1 without
 * gaps; the heading repeats the number; the first paragraph after it is the Status line:
 * `Accepted`, or `Superseded by [M](./0MM-….md)…: why.` or `Amended by [M](./0MM-….md)…: why.`,
 * whose links name files that exist.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url))
const README = `${DIR}README.md`
const START = '<!-- decisions-index:start -->'
const END = '<!-- decisions-index:end -->'
const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/
const STATUS = /^Status: (Accepted$|Superseded by \[|Amended by \[)/

const check = process.argv.includes('--check')
const problems = []

const files = readdirSync(DIR)
  .filter((name) => name !== 'README.md' && name.endsWith('.md'))
  .sort()

const decisions = files.flatMap((name) => {
  const match = FILE_NAME.exec(name)
  if (!match) {
    problems.push(`${name}: name it NNN-kebab-title.md (three digits, lower case)`)
    return []
  }
  const number = Number(match[1])
  const [heading = '', ...rest] = readFileSync(`${DIR}${name}`, 'utf8').split('\n')
  const title = /^# (\d+)\. (.+)$/.exec(heading)
  if (!title || Number(title[1]) !== number) {
    problems.push(`${name}: the first line must be "# ${number}. Title"`)
    return []
  }
  // The Status paragraph: the first lines after the heading up to a blank line, joined.
  const start = rest.findIndex((line) => line.trim() !== '')
  const end = rest.findIndex((line, i) => i > start && line.trim() === '')
  const status = rest
    .slice(start, end === -1 ? undefined : end)
    .join(' ')
    .trim()
  if (!STATUS.test(status)) {
    problems.push(
      `${name}: the paragraph after the heading must be "Status: Accepted", ` +
        '"Status: Superseded by [M](./0MM-….md): why." or "Status: Amended by [M](./0MM-….md): why."',
    )
  }
  for (const [, target] of status.matchAll(/\]\(\.\/([^)]+)\)/g)) {
    if (!files.includes(target)) problems.push(`${name}: its Status links ./${target}, not a file`)
  }
  return [{ number, name, title: title[2], status: status.replace(/^Status: /, '') }]
})

decisions.forEach((decision, i) => {
  const expected = i === 0 ? 1 : decisions[i - 1].number + 1
  if (decision.number !== expected) {
    problems.push(`${decision.name}: expected number ${expected} (numbers run from 1 without gaps)`)
  }
})

/** What the table says of a status: its kind and links, without the why. */
function summary(status) {
  if (status === 'Accepted') return status
  const cut = status.indexOf(': ')
  return cut === -1 ? status : status.slice(0, cut)
}

const cell = (text) => text.replace(/\|/g, '\\|')
const table = [
  '| No. | Decision | Status |',
  '| --: | -------- | ------ |',
  ...decisions.map(
    (d) => `| [${d.number}](./${d.name}) | ${cell(d.title)} | ${cell(summary(d.status))} |`,
  ),
].join('\n')

const readme = readFileSync(README, 'utf8')
const from = readme.indexOf(START)
const to = readme.indexOf(END)
if (from === -1 || to < from)
  problems.push(`README.md: the markers ${START} and ${END} are missing`)

if (problems.length > 0) {
  for (const problem of problems) console.error(`docs/decisions/${problem}`)
  process.exit(1)
}

const next = `${readme.slice(0, from + START.length)}\n${table}\n${readme.slice(to)}`
if (check) {
  if (next !== readme) {
    console.error(
      'docs/decisions/README.md: the index is out of date; run node scripts/decisions-index.mjs',
    )
    process.exit(1)
  }
} else if (next !== readme) {
  writeFileSync(README, next)
  console.log(`docs/decisions/README.md: index of ${decisions.length} decisions written`)
}
