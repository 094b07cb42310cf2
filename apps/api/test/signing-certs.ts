import { generateKeyPairSync, randomBytes } from 'node:crypto'
import forge from 'node-forge'

/**
 * Test signing certificates, made at run time: a test CA and certificates it issues, packed as
 * PKCS#12 files the way a certifying authority hands them out. Keys come from Node's crypto
 * (forge's JavaScript key generation takes seconds); forge builds the certificates and files.
 */

const DAY = 24 * 60 * 60 * 1000

interface Issued {
  cert: forge.pki.Certificate
  key: forge.pki.rsa.PrivateKey
}

function rsaKeys(bits = 2048) {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  return {
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey),
  }
}

function issue(opts: {
  commonName: string
  issuer?: Issued
  ca?: boolean
  notBefore?: Date
  notAfter?: Date
  bits?: number
}): Issued {
  const keys = rsaKeys(opts.bits)
  const cert = forge.pki.createCertificate()
  cert.publicKey = keys.publicKey
  // A positive serial: the first byte's top bit clear.
  cert.serialNumber = `01${randomBytes(12).toString('hex')}`
  cert.validity.notBefore = opts.notBefore ?? new Date(Date.now() - DAY)
  cert.validity.notAfter = opts.notAfter ?? new Date(Date.now() + 365 * DAY)
  const subject = [
    { name: 'countryName', value: 'IN' },
    { name: 'organizationName', value: 'TechBazaar Test' },
    { name: 'commonName', value: opts.commonName },
  ]
  cert.setSubject(subject)
  cert.setIssuer(opts.issuer ? opts.issuer.cert.subject.attributes : subject)
  cert.setExtensions(
    opts.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
        ],
  )
  cert.sign(opts.issuer?.key ?? keys.privateKey, forge.md.sha256.create())
  return { cert, key: keys.privateKey }
}

const toDer = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')

export interface TestP12 {
  p12: Buffer
  passphrase: string
  /** The signer's certificate, DER. */
  certDer: Buffer
  caPem: string
  commonName: string
}

let testCa: Issued | undefined

/** A PKCS#12 file holding a key and its certificate issued by the test CA (and the CA's). */
export function makeTestP12(
  opts: {
    commonName?: string
    passphrase?: string
    notBefore?: Date
    notAfter?: Date
    /** Leave the key out of the file (a certificate-only export). */
    withoutKey?: boolean
    bits?: number
    /** Iterations of the key's encryption and of the MAC (forge's default, 2048). */
    count?: number
  } = {},
): TestP12 {
  testCa ??= issue({ commonName: 'TechBazaar Test CA', ca: true })
  const commonName = opts.commonName ?? 'Asha Traders Authorised Signatory'
  const passphrase = opts.passphrase ?? 'correct horse'
  const leaf = issue({ ...opts, commonName, issuer: testCa })
  const p12 = forge.pkcs12.toPkcs12Asn1(
    opts.withoutKey ? null : leaf.key,
    [leaf.cert, testCa.cert],
    passphrase,
    { algorithm: 'aes256', count: opts.count ?? 2048 },
  )
  return {
    p12: toDer(p12),
    passphrase,
    certDer: toDer(forge.pki.certificateToAsn1(leaf.cert)),
    caPem: forge.pki.certificateToPem(testCa.cert),
    commonName,
  }
}

/**
 * `p12` (made by makeTestP12 with its default 2048 iterations) asking for other iteration counts:
 * `mac` for the MAC, `encryption` for every encryption parameter set. Only the counts change (the
 * file no longer verifies), so a hostile file is made without deriving with its count.
 */
export function withIterations(p12: Buffer, counts: { mac?: number; encryption?: number }): Buffer {
  const pfx = forge.asn1.fromDer(p12.toString('binary'))
  const integer = (n: number) => forge.asn1.integerToDer(n).getBytes()
  const macData = (pfx.value as forge.asn1.Asn1[])[2]
  const macIterations = (macData?.value as forge.asn1.Asn1[] | undefined)?.[2]
  if (!macIterations) throw new Error('withIterations: the file has no MAC iterations')
  // Every other INTEGER 2048 is an encryption's count; encrypted content is an OCTET STRING whose
  // DER inside forge parses as well (the SafeContents), so it is walked and written back.
  const walk = (node: forge.asn1.Asn1): void => {
    if (node === macIterations) return
    if (Array.isArray(node.value)) {
      node.value.forEach(walk)
    } else if (node.type === forge.asn1.Type.INTEGER && node.value === integer(2048)) {
      if (counts.encryption !== undefined) node.value = integer(counts.encryption)
    } else if (node.type === forge.asn1.Type.OCTETSTRING && node.value.startsWith('0')) {
      let inner: forge.asn1.Asn1
      try {
        inner = forge.asn1.fromDer(node.value)
      } catch {
        return // not DER inside (a salt, a digest, ciphertext): left alone
      }
      if (forge.asn1.toDer(inner).getBytes() !== node.value) return
      walk(inner)
      node.value = forge.asn1.toDer(inner).getBytes()
    }
  }
  walk(pfx)
  if (counts.mac !== undefined) macIterations.value = integer(counts.mac)
  return toDer(pfx)
}
