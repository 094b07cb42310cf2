/**
 * The little ASN.1 DER the invoice signatures need (cades.ts): writing CMS structures, and
 * reading a certificate's issuer and serial number as the bytes it holds. Byte-exact copies
 * matter there (a signature names its certificate by them), so nothing is re-encoded.
 */

export const TAG = {
  INTEGER: 0x02,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length])
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

/** One tag-length-value; `tag` is the whole identifier octet (class, constructed bit, number). */
export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body])
}

export const sequence = (...items: Buffer[]) => tlv(TAG.SEQUENCE, ...items)

/** DER orders a SET OF by its members' encodings (X.690 11.6). */
export const sortedSetContent = (items: Buffer[]) => [...items].sort(Buffer.compare)
export const set = (...items: Buffer[]) => tlv(TAG.SET, ...sortedSetContent(items))

export const octetString = (bytes: Buffer) => tlv(TAG.OCTET_STRING, bytes)
export const nullValue = () => tlv(TAG.NULL)

export function integer(value: number): Buffer {
  // Small non-negative values only (CMS versions); a leading 0 keeps the top bit clear.
  const bytes = [value & 0xff]
  for (let rest = value >>> 8; rest > 0; rest >>>= 8) bytes.unshift(rest & 0xff)
  if ((bytes[0] ?? 0) & 0x80) bytes.unshift(0)
  return tlv(TAG.INTEGER, Buffer.from(bytes))
}

export function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number)
  const out: number[] = []
  for (const arc of [first * 40 + second, ...rest]) {
    const group = [arc & 0x7f]
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) {
      group.unshift((v & 0x7f) | 0x80)
    }
    out.push(...group)
  }
  return tlv(TAG.OID, Buffer.from(out))
}

/** One element read from DER: its tag, the whole encoding, and where its content lies. */
export interface DerElement {
  tag: number
  /** The element as encoded (identifier, length and content). */
  raw: Buffer
  content: Buffer
}

/** The element starting at `offset`; throws on anything DER does not allow (indefinite lengths). */
export function readElement(der: Buffer, offset = 0): DerElement {
  const tag = der[offset]
  const first = der[offset + 1]
  if (tag === undefined || first === undefined) throw new Error('DER: truncated element')
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: multi-byte tags are not supported')
  let length = first
  let headerLength = 2
  if (first & 0x80) {
    const count = first & 0x7f
    if (count === 0 || count > 4) throw new Error('DER: unsupported length')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + (der[offset + 2 + i] ?? 0)
    headerLength += count
  }
  const end = offset + headerLength + length
  if (end > der.length) throw new Error('DER: element runs past the end')
  return {
    tag,
    raw: der.subarray(offset, end),
    content: der.subarray(offset + headerLength, end),
  }
}

/** The elements inside a constructed element (a SEQUENCE's fields, a SET's members). */
export function children(element: DerElement): DerElement[] {
  const out: DerElement[] = []
  for (let offset = 0; offset < element.content.length;) {
    const child = readElement(element.content, offset)
    out.push(child)
    offset += child.raw.length
  }
  return out
}
