import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import forge from 'node-forge'
import PDFDocument from 'pdfkit'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTestP12, type TestP12 } from '../../../test/signing-certs'
import { loadPkcs12, signPdf, SigningKeyError, type SigningKey } from './pdf-signature'

const require = createRequire(import.meta.url)
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')

const OIDS = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
}

/** A PDF as pdfkit writes the invoices: embedded font, compressed streams, optionally a link. */
function pdfkitPdf(opts: { pages?: number; link?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: 'Tax invoice TB/2026/000001' } })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font(FONT)
  for (let page = 1; page <= (opts.pages ?? 1); page++) {
    if (page > 1) doc.addPage()
    doc.fontSize(14).text(`Tax invoice page ${page}: ₹1,180.00`)
    if (opts.link && page === 1) doc.link(50, 50, 100, 20, 'https://shop.example.in/')
  }
  doc.end()
  return done
}

interface Parsed {
  byteRange: number[]
  covered: Buffer
  cms: Buffer
}

/** The /ByteRange and /Contents of the signed file, read from its bytes. */
function parseSigned(signed: Buffer): Parsed {
  const text = signed.toString('latin1')
  const match = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text)
  expect(match).not.toBeNull()
  const byteRange = (match ?? []).slice(1).map(Number)
  const [start = -1, firstLength = 0, second = 0, secondLength = 0] = byteRange
  // The ranges cover the whole file but exactly the /Contents hex string, brackets included.
  expect(start).toBe(0)
  expect(second + secondLength).toBe(signed.length)
  const hole = text.slice(firstLength, second)
  expect(hole).toMatch(/^<[0-9A-F]+>$/)
  expect(text.slice(firstLength - '/Contents '.length, firstLength)).toBe('/Contents ')
  return {
    byteRange,
    covered: Buffer.concat([signed.subarray(0, firstLength), signed.subarray(second)]),
    cms: Buffer.from(hole.slice(1, -1), 'hex'),
  }
}

const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary')
const kids = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[]
const valueBytes = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary')

/** The CMS read with forge (independently of the writer): signed attributes, certs, signature. */
function readCms(cms: Buffer) {
  const contentInfo = forge.asn1.fromDer(cms.toString('binary'))
  const [type, wrapped] = kids(contentInfo)
  expect(forge.asn1.derToOid((type as forge.asn1.Asn1).value as string)).toBe(
    '1.2.840.113549.1.7.2',
  )
  const signedData = kids(wrapped as forge.asn1.Asn1)[0] as forge.asn1.Asn1
  const fields = kids(signedData)
  const encap = kids(fields[2] as forge.asn1.Asn1)
  // Detached: the encapsulated content info has a type and no content.
  expect(encap).toHaveLength(1)
  const certs = kids(fields[3] as forge.asn1.Asn1).map(bytesOf)
  const signerInfo = kids(fields[fields.length - 1] as forge.asn1.Asn1)[0] as forge.asn1.Asn1
  const [, , , signedAttrs, , signature] = kids(signerInfo)
  const attributes = new Map(
    kids(signedAttrs as forge.asn1.Asn1).map((attr) => {
      const [attrType, values] = kids(attr)
      const oid = forge.asn1.derToOid((attrType as forge.asn1.Asn1).value as string)
      return [oid, kids(values as forge.asn1.Asn1)[0] as forge.asn1.Asn1] as const
    }),
  )
  // What was signed: the attributes re-tagged as a SET (RFC 5652 5.4).
  const signedBytes = bytesOf(signedAttrs as forge.asn1.Asn1)
  signedBytes[0] = 0x31
  return { certs, attributes, signedBytes, signature: valueBytes(signature as forge.asn1.Asn1) }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest()
const hasOpenssl = spawnSync('openssl', ['version']).status === 0
// Poppler's pdfsig checks the signature as a PDF reader does (Debian: poppler-utils).
const hasPdfsig = spawnSync('pdfsig', ['-v']).status === 0

let cert: TestP12
let key: SigningKey
let tmp: string
const info = {
  name: 'Asha Traders',
  reason: 'Invoice issued',
  location: 'Mumbai, IN',
  signedAt: new Date('2026-05-14T10:30:00Z'),
}

beforeAll(() => {
  cert = makeTestP12()
  key = loadPkcs12(cert.p12, cert.passphrase, new Date())
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tb-pades-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('signPdf', () => {
  it('appends a PAdES B-B signature over every byte but its own /Contents', async () => {
    const pdf = await pdfkitPdf({ pages: 2 })
    const signed = signPdf(pdf, key, info)
    // An incremental update: the original is untouched, the update follows it.
    expect(signed.subarray(0, pdf.length).equals(pdf)).toBe(true)
    const text = signed.toString('latin1')
    expect(text).toContain('/Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached')
    expect(text).toContain('/M (D:20260514103000Z)')
    expect(text).toMatch(/\/AcroForm << \/Fields \[\d+ 0 R\] \/SigFlags 3 >>/)
    expect(text).toMatch(/\/FT \/Sig .*\/Rect \[0 0 0 0\]/)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)

    const { covered, cms } = parseSigned(signed)
    const { certs, attributes, signedBytes, signature } = readCms(cms)
    // Exactly what PAdES B-B asks, and no signing-time (it is /M in the dictionary).
    expect([...attributes.keys()].sort()).toEqual(Object.values(OIDS).sort())
    const digest = attributes.get(OIDS.messageDigest)
    expect(valueBytes(digest as forge.asn1.Asn1).equals(sha256(covered))).toBe(true)
    // signing-certificate-v2: SEQUENCE { SEQUENCE OF ESSCertIDv2 { certHash, issuerSerial } }.
    const essCertId = kids(
      kids(attributes.get(OIDS.signingCertificateV2) as forge.asn1.Asn1)[0] as forge.asn1.Asn1,
    )[0]
    const certHash = kids(essCertId as forge.asn1.Asn1)[0] as forge.asn1.Asn1
    expect(valueBytes(certHash).equals(sha256(cert.certDer))).toBe(true)
    // The signer's certificate and the CA's travel with the signature.
    expect(certs.some((c) => c.equals(cert.certDer))).toBe(true)
    expect(certs).toHaveLength(2)
    const publicKey = new X509Certificate(cert.certDer).publicKey
    expect(verify('sha256', signedBytes, publicKey, signature)).toBe(true)
  })

  it('still opens in a PDF reader, with the invoice text and a signature field', async () => {
    const signed = signPdf(await pdfkitPdf({ pages: 2, link: true }), key, {
      ...info,
      name: 'आशा ट्रेडर्स (Asha)',
    })
    const doc = await getDocumentProxy(new Uint8Array(signed))
    expect(doc.numPages).toBe(2)
    const { text } = await extractText(doc, { mergePages: true })
    expect(text).toContain('Tax invoice page 2')
    const annotations = await (await doc.getPage(1)).getAnnotations()
    // The link pdfkit put on the page is kept beside the new signature widget.
    expect(annotations.map((a: { subtype: string }) => a.subtype).sort()).toEqual([
      'Link',
      'Widget',
    ])
    expect(annotations.find((a: { fieldType?: string }) => a.fieldType === 'Sig')).toBeDefined()
    await doc.cleanup()
  })

  it.skipIf(!hasOpenssl)(
    'verifies with OpenSSL against the test CA, and fails once tampered',
    async () => {
      const signed = signPdf(await pdfkitPdf(), key, info)
      const { covered, cms } = parseSigned(signed)
      const files = {
        cms: path.join(tmp, 'sig.der'),
        content: path.join(tmp, 'content.bin'),
        ca: path.join(tmp, 'ca.pem'),
      }
      writeFileSync(files.cms, cms)
      writeFileSync(files.content, covered)
      writeFileSync(files.ca, cert.caPem)
      const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', files.cms]
      const run = (more: string[]) =>
        spawnSync('openssl', [...args, '-content', files.content, ...more, '-out', '/dev/null'], {
          encoding: 'utf8',
        })
      const checked = run(['-CAfile', files.ca, '-purpose', 'any'])
      expect(checked.stderr).toContain('Verification successful')
      expect(checked.status).toBe(0)
      const printed = execFileSync(
        'openssl',
        ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', files.cms],
        {
          encoding: 'utf8',
        },
      )
      expect(printed).toContain('id-smime-aa-signingCertificateV2')
      expect(printed).not.toContain('signingTime')

      const at = covered.length - 10
      covered.writeUInt8((covered.readUInt8(at) ^ 1) & 0xff, at)
      writeFileSync(files.content, covered)
      expect(run(['-noverify']).status).not.toBe(0)
    },
  )

  it.skipIf(!hasPdfsig)('is valid and covers the whole document as poppler reads it', async () => {
    const file = path.join(tmp, 'signed.pdf')
    writeFileSync(file, signPdf(await pdfkitPdf({ link: true }), key, info))
    const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout
    expect(report).toContain('Signature Type: ETSI.CAdES.detached')
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signature is Valid')
  })

  it('refuses what it cannot sign rightly', async () => {
    expect(() => signPdf(Buffer.from('not a pdf'), key, info)).toThrow(/not a PDF/)
    const once = signPdf(await pdfkitPdf(), key, info)
    expect(() => signPdf(once, key, info)).toThrow(/form or signature is not supported/)
  })
})

describe('loadPkcs12', () => {
  it('reads the key, its certificate first in the chain, the subject and expiry', () => {
    const loaded = loadPkcs12(cert.p12, cert.passphrase, new Date())
    expect(loaded.subject).toBe(cert.commonName)
    expect(loaded.chain[0]?.raw.equals(cert.certDer)).toBe(true)
    expect(loaded.chain).toHaveLength(2)
    expect(loaded.validTo.getTime()).toBeGreaterThan(Date.now())
  })

  const problem = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      expect(error).toBeInstanceOf(SigningKeyError)
      return { problem: (error as SigningKeyError).problem, message: (error as Error).message }
    }
    throw new Error('expected a SigningKeyError')
  }

  it('says what is wrong with a file that cannot sign', () => {
    expect(problem(() => loadPkcs12(cert.p12, 'wrong', new Date()))).toEqual({
      problem: 'wrong-passphrase',
      message: 'The passphrase does not open this file',
    })
    expect(problem(() => loadPkcs12(Buffer.from('%PDF-1.3'), 'x', new Date())).problem).toBe(
      'not-pkcs12',
    )
    const certOnly = makeTestP12({ withoutKey: true })
    expect(problem(() => loadPkcs12(certOnly.p12, certOnly.passphrase, new Date())).problem).toBe(
      'no-key',
    )
    const expired = makeTestP12({
      notBefore: new Date('2024-01-01'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
    })
    expect(problem(() => loadPkcs12(expired.p12, expired.passphrase, new Date()))).toEqual({
      problem: 'expired',
      message: 'The certificate expired on 2025-01-01',
    })
    expect(
      problem(() => loadPkcs12(cert.p12, cert.passphrase, new Date('2000-01-01'))).problem,
    ).toBe('not-yet-valid')
  })

  it.skipIf(!hasOpenssl)('reads a file OpenSSL 3 made (PBES2, AES-256, SHA-256 MAC)', () => {
    const der = path.join(tmp, 'made.der')
    const keyPem = path.join(tmp, 'key.pem')
    writeFileSync(der, cert.certDer)
    writeFileSync(keyPem, key.privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const pem = path.join(tmp, 'cert.pem')
    execFileSync('openssl', ['x509', '-inform', 'DER', '-in', der, '-out', pem])
    const p12 = execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      keyPem,
      '-in',
      pem,
      '-passout',
      'pass:s3cret pass',
    ])
    const loaded = loadPkcs12(p12, 's3cret pass', new Date())
    expect(loaded.chain[0]?.raw.equals(cert.certDer)).toBe(true)
    expect(problem(() => loadPkcs12(p12, 'other', new Date())).problem).toBe('wrong-passphrase')
  })
})
