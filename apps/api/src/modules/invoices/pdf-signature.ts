import { createHash } from 'node:crypto'
import { cadesSignature, cadesSignatureLength, type SigningKey } from '../../lib/signing/cades'

export type { SigningKey } from '../../lib/signing/cades'
export { loadPkcs12, SigningKeyError } from '../../lib/signing/pkcs12'

/**
 * PAdES baseline B-B signatures on finished PDFs (the invoices pdfkit renders): an incremental
 * update appends an invisible signature field on the first page, its /Sig dictionary
 * (/SubFilter /ETSI.CAdES.detached) and the updated catalog and page, and leaves every byte of
 * the original as it was. /ByteRange covers the whole file but the /Contents hex string, which
 * holds the CMS signature (cades.ts) over those bytes.
 *
 * The reader here handles what pdfkit writes: cross-reference tables (not streams), objects as
 * plain dictionaries, no encryption and no form of its own. Anything else is refused by name
 * rather than signed wrongly.
 */

export interface SignatureInfo {
  /** The signatory, as the signature panel shows it. */
  name: string
  reason: string
  location: string
  /** The claimed signing time (/M): PAdES keeps it out of the CMS signed attributes. */
  signedAt: Date
}

interface Ref {
  num: number
  gen: number
}

const WHITESPACE = /[\0\t\n\f\r ]/
const DELIMITER = /[\0\t\n\f\r ()<>[\]{}/%]/
const REF_AFTER_NUMBER = /^\s+(\d+)\s+R(?![^\0\t\n\f\r ()<>[\]{}/%])/

function unsupported(what: string): never {
  throw new Error(`signPdf: ${what} is not supported (the invoice PDFs are written by pdfkit)`)
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charAt(i)
    if (c === '%') while (i < text.length && !/[\r\n]/.test(text.charAt(i))) i++
    else if (WHITESPACE.test(c)) i++
    else break
  }
  return i
}

/** Where the PDF object starting at `i` ends: a dictionary, array, string, name, number or ref. */
function valueEnd(text: string, i: number): number {
  const c = text.charAt(i)
  if (c === '(') {
    let depth = 0
    for (; i < text.length; i++) {
      const ch = text.charAt(i)
      if (ch === '\\') i++
      else if (ch === '(') depth++
      else if (ch === ')' && --depth === 0) return i + 1
    }
    throw new Error('signPdf: unterminated string')
  }
  if (text.startsWith('<<', i) || c === '[') {
    const close = c === '[' ? ']' : '>>'
    i = skipSpace(text, i + (c === '[' ? 1 : 2))
    while (!text.startsWith(close, i)) {
      if (i >= text.length) throw new Error('signPdf: unterminated dictionary or array')
      i = skipSpace(text, valueEnd(text, i))
    }
    return i + close.length
  }
  if (c === '<') {
    const end = text.indexOf('>', i)
    if (end < 0) throw new Error('signPdf: unterminated hex string')
    return end + 1
  }
  let end = i + 1
  while (end < text.length && !DELIMITER.test(text.charAt(end))) end++
  if (/^\d+$/.test(text.slice(i, end))) {
    const ref = REF_AFTER_NUMBER.exec(text.slice(end, end + 24))
    if (ref) end += ref[0].length
  }
  return end
}

/** The range of a top-level entry's value in a dictionary's text ("<< … >>"), if present. */
function entryRange(dict: string, key: string): { start: number; end: number } | undefined {
  let i = skipSpace(dict, 2)
  while (!dict.startsWith('>>', i) && i < dict.length) {
    const keyEnd = valueEnd(dict, i)
    const name = dict.slice(i, keyEnd)
    const start = skipSpace(dict, keyEnd)
    const end = valueEnd(dict, start)
    if (name === `/${key}`) return { start, end }
    i = skipSpace(dict, end)
  }
  return undefined
}

const entry = (dict: string, key: string) => {
  const range = entryRange(dict, key)
  return range && dict.slice(range.start, range.end)
}

/** The dictionary with `key` set to `value` (replaced in place, or added at the end). */
function withEntry(dict: string, key: string, value: string): string {
  const range = entryRange(dict, key)
  if (range) return dict.slice(0, range.start) + value + dict.slice(range.end)
  return `${dict.slice(0, dict.lastIndexOf('>>'))}/${key} ${value}\n>>`
}

function parseRef(value: string | undefined, what: string): Ref {
  const match = value && /^(\d+)\s+(\d+)\s+R$/.exec(value)
  if (!match) throw new Error(`signPdf: ${what} is not an indirect reference`)
  return { num: Number(match[1]), gen: Number(match[2]) }
}

const refText = (ref: Ref) => `${ref.num} ${ref.gen} R`

/** The last cross-reference section and those before it: object offsets and the trailer. */
function readXref(text: string) {
  const tail = text.slice(-2048)
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
  if (!start) throw new Error('signPdf: not a PDF (no startxref at its end)')
  const lastXref = Number(start[1])
  const offsets = new Map<number, number>()
  let trailer: string | undefined
  const seen = new Set<number>()
  for (let at: number | undefined = lastXref; at !== undefined;) {
    if (seen.has(at)) throw new Error('signPdf: cross-reference sections loop')
    seen.add(at)
    if (!text.startsWith('xref', at)) unsupported('a cross-reference stream')
    let i = skipSpace(text, at + 4)
    while (!text.startsWith('trailer', i)) {
      const header = /^(\d+)\s+(\d+)/.exec(text.slice(i, i + 40))
      if (!header) throw new Error('signPdf: malformed cross-reference table')
      const [first, count] = [Number(header[1]), Number(header[2])]
      i = skipSpace(text, i + header[0].length)
      for (let n = 0; n < count; n++, i += 20) {
        const row = /^(\d{10}) (\d{5}) ([nf])/.exec(text.slice(i, i + 18))
        if (!row) throw new Error('signPdf: malformed cross-reference entry')
        if (row[3] === 'n' && !offsets.has(first + n)) offsets.set(first + n, Number(row[1]))
      }
      i = skipSpace(text, i)
    }
    const dictStart = skipSpace(text, i + 'trailer'.length)
    const dict = text.slice(dictStart, valueEnd(text, dictStart))
    trailer ??= dict
    const prev = entry(dict, 'Prev')
    at = prev === undefined ? undefined : Number(prev)
  }
  if (!trailer) throw new Error('signPdf: no trailer')
  return { lastXref, offsets, trailer }
}

/** A pdf text string: literal when plain ASCII, else UTF-16BE with a byte order mark. */
function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, '\\$&')})`
  return `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`
}

/** A PDF date in UTC: D:YYYYMMDDHHmmSSZ. */
const pdfDate = (at: Date) => `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`

const BYTE_RANGE_WIDTH = 48

/**
 * Signs `pdf` as the holder of `key`: returns the PDF with an incremental update holding a
 * PAdES B-B signature (invisible) over every byte of it.
 */
export function signPdf(pdf: Buffer, key: SigningKey, info: SignatureInfo): Buffer {
  const text = pdf.toString('latin1')
  const { lastXref, offsets, trailer } = readXref(text)
  if (entry(trailer, 'Encrypt') !== undefined) unsupported('an encrypted PDF')
  const size = Number(entry(trailer, 'Size'))
  if (!Number.isInteger(size) || size < 1) throw new Error('signPdf: trailer without /Size')

  const readDict = (ref: Ref): string => {
    const at = offsets.get(ref.num)
    if (at === undefined) throw new Error(`signPdf: object ${ref.num} is not in the file`)
    const head = /^(\d+)\s+(\d+)\s+obj/.exec(text.slice(at, at + 32))
    if (!head || Number(head[1]) !== ref.num) throw new Error(`signPdf: object ${ref.num} is amiss`)
    const start = skipSpace(text, at + head[0].length)
    if (!text.startsWith('<<', start))
      throw new Error(`signPdf: object ${ref.num} is no dictionary`)
    return text.slice(start, valueEnd(text, start))
  }

  const rootRef = parseRef(entry(trailer, 'Root'), '/Root')
  const catalog = readDict(rootRef)
  // A second signature would join the form's fields; invoices are signed once, when issued.
  if (entry(catalog, 'AcroForm') !== undefined) unsupported('a PDF with a form or signature')
  let pageRef = parseRef(entry(catalog, 'Pages'), '/Pages')
  for (let depth = 0; ; depth++) {
    const node = readDict(pageRef)
    if (entry(node, 'Type') === '/Page') break
    const kids = entry(node, 'Kids')
    const first = kids && /(\d+)\s+(\d+)\s+R/.exec(kids)
    if (!first || depth > 32) throw new Error('signPdf: the PDF has no page')
    pageRef = { num: Number(first[1]), gen: Number(first[2]) }
  }

  const sigRef = { num: size, gen: 0 }
  const widgetRef = { num: size + 1, gen: 0 }
  const updated = new Map<number, { ref: Ref; body: string }>()
  const put = (ref: Ref, body: string) => updated.set(ref.num, { ref, body })

  const contentsLength = cadesSignatureLength(key) * 2
  put(
    sigRef,
    [
      '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached',
      `/ByteRange [${' '.repeat(BYTE_RANGE_WIDTH)}]`,
      `/Contents <${'0'.repeat(contentsLength)}>`,
      `/Name ${pdfString(info.name)} /Reason ${pdfString(info.reason)}`,
      `/Location ${pdfString(info.location)} /M ${pdfString(pdfDate(info.signedAt))}`,
      '>>',
    ].join('\n'),
  )
  // Print (4) + Locked (128); a zero rectangle makes the signature invisible.
  put(
    widgetRef,
    `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V ${refText(sigRef)}` +
      ` /F 132 /Rect [0 0 0 0] /P ${refText(pageRef)} >>`,
  )
  put(rootRef, withEntry(catalog, 'AcroForm', `<< /Fields [${refText(widgetRef)}] /SigFlags 3 >>`))
  const page = readDict(pageRef)
  const annots = entry(page, 'Annots')
  if (annots === undefined) {
    put(pageRef, withEntry(page, 'Annots', `[${refText(widgetRef)}]`))
  } else if (annots.startsWith('[')) {
    put(pageRef, withEntry(page, 'Annots', `${annots.slice(0, -1)} ${refText(widgetRef)}]`))
  } else {
    // The page's annotations are an array object of their own: that object is updated.
    const arrayRef = parseRef(annots, '/Annots')
    const at = offsets.get(arrayRef.num) ?? unsupported('a missing /Annots array')
    const start = skipSpace(text, text.indexOf('obj', at) + 3)
    if (text.charAt(start) !== '[') unsupported('an /Annots object that is no array')
    const array = text.slice(start, valueEnd(text, start))
    put(arrayRef, `${array.slice(0, -1)} ${refText(widgetRef)}]`)
  }

  // The update: the objects, their cross-reference section and a trailer pointing back.
  let update = pdf[pdf.length - 1] === 0x0a ? '' : '\n'
  const rows: string[] = []
  let sigOffset = 0
  for (const { ref, body } of [...updated.values()].sort((a, b) => a.ref.num - b.ref.num)) {
    const offset = pdf.length + update.length
    if (ref.num === sigRef.num) sigOffset = offset
    rows.push(
      `${ref.num} 1\n${String(offset).padStart(10, '0')} ${String(ref.gen).padStart(5, '0')} n \n`,
    )
    update += `${ref.num} ${ref.gen} obj\n${body}\nendobj\n`
  }
  const xrefOffset = pdf.length + update.length
  const trailerEntries = [
    `/Size ${Math.max(size, widgetRef.num + 1)}`,
    `/Root ${refText(rootRef)}`,
    ...['Info', 'ID'].flatMap((k) => {
      const value = entry(trailer, k)
      return value === undefined ? [] : [`/${k} ${value}`]
    }),
    `/Prev ${lastXref}`,
  ]
  update += `xref\n${rows.join('')}trailer\n<< ${trailerEntries.join(' ')} >>\n`
  update += `startxref\n${xrefOffset}\n%%EOF\n`
  const out = Buffer.concat([pdf, Buffer.from(update, 'latin1')])

  // Fill in /ByteRange, hash what it covers, and put the signature in /Contents.
  const sigText = updated.get(sigRef.num)?.body ?? ''
  const sigStart = sigOffset + `${sigRef.num} ${sigRef.gen} obj\n`.length
  const contentsStart = sigStart + sigText.indexOf('/Contents <') + '/Contents '.length
  const contentsEnd = contentsStart + contentsLength + 2
  const byteRange = `0 ${contentsStart} ${contentsEnd} ${out.length - contentsEnd}`
  const byteRangeAt = sigStart + sigText.indexOf('/ByteRange [') + '/ByteRange ['.length
  out.write(byteRange.padEnd(BYTE_RANGE_WIDTH, ' '), byteRangeAt, 'latin1')
  const digest = createHash('sha256')
    .update(out.subarray(0, contentsStart))
    .update(out.subarray(contentsEnd))
    .digest()
  const cms = cadesSignature(key, digest).toString('hex').toUpperCase()
  if (cms.length !== contentsLength) throw new Error('signPdf: the signature outgrew its place')
  out.write(cms, contentsStart + 1, 'latin1')
  return out
}
