import { createHash, createPrivateKey, sign, X509Certificate, type KeyObject } from 'node:crypto'
import forge from 'node-forge'
import {
  children,
  integer,
  nullValue,
  octetString,
  oid,
  readElement,
  sequence,
  set,
  sortedSetContent,
  tlv,
} from './der'

/**
 * CAdES signatures for PAdES baseline B-B (ETSI EN 319 142-1 / EN 319 122-1): a detached CMS
 * SignedData over SHA-256 with an RSA key, whose signed attributes are exactly content-type,
 * message-digest and ESS signing-certificate-v2. No signing-time: PAdES puts the claimed time in
 * the signature dictionary's /M instead. node-forge only reads the PKCS#12 file (Node cannot);
 * the CMS is written here and signed by Node's crypto, because forge's own PKCS#7 writer has no
 * signing-certificate-v2 attribute and always adds signing-time.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const

/** A supplier's signing key: an RSA private key and its certificate chain, signer's first. */
export interface SigningKey {
  privateKey: KeyObject
  chain: X509Certificate[]
}

export type SigningKeyProblem =
  | 'not-pkcs12'
  | 'wrong-passphrase'
  | 'no-key'
  | 'no-certificate'
  | 'unsupported-key'
  | 'expired'
  | 'not-yet-valid'

/** Why a PKCS#12 file cannot sign; the message is meant for the admin who uploaded it. */
export class SigningKeyError extends Error {
  constructor(
    readonly problem: SigningKeyProblem,
    message: string,
  ) {
    super(message)
    this.name = 'SigningKeyError'
  }
}

/** The first CN of a certificate's subject (Node prints one `KEY=value` per line), else all of it. */
function commonName(cert: X509Certificate): string {
  const cn = cert.subject.split('\n').find((line) => line.startsWith('CN='))
  return cn ? cn.slice(3) : cert.subject.replaceAll('\n', ', ')
}

function openPfx(p12: Buffer, passphrase: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1
  try {
    asn1 = forge.asn1.fromDer(p12.toString('binary'), false)
  } catch {
    throw new SigningKeyError('not-pkcs12', 'The file is not a PKCS#12 (.p12 or .pfx) file')
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // forge says "MAC could not be verified. Invalid password?" or "wrong password?".
    if (/password/i.test(message)) {
      throw new SigningKeyError('wrong-passphrase', 'The passphrase does not open this file')
    }
    throw new SigningKeyError('not-pkcs12', `The PKCS#12 file cannot be read: ${message}`)
  }
}

/** A key bag's key for Node; forge parses RSA keys only and hands others over as ASN.1. */
function bagKey(bag: forge.pkcs12.Bag): KeyObject {
  if (bag.key) return createPrivateKey(forge.pki.privateKeyToPem(bag.key))
  const der = Buffer.from(forge.asn1.toDer(bag.asn1).getBytes(), 'binary')
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
}

function bagCertificate(bag: forge.pkcs12.Bag): X509Certificate {
  const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1
  return new X509Certificate(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'))
}

/** A signing key as read from its file, with what admins are shown and when it may sign. */
export type LoadedSigningKey = SigningKey & { subject: string; validFrom: Date; validTo: Date }

/**
 * Reads a PKCS#12 file: the RSA key, the certificate that holds its public half and the rest of
 * the chain found in the file. Refuses, with a message naming the problem, a wrong passphrase,
 * a file without a key or its certificate, and a non-RSA key; validity dates are not checked.
 */
export function readPkcs12(p12: Buffer, passphrase: string): LoadedSigningKey {
  const bags = openPfx(p12, passphrase).safeContents.flatMap((contents) => contents.safeBags)
  const { keyBag, pkcs8ShroudedKeyBag, certBag } = forge.pki.oids
  const keys = bags.filter((b) => b.type === keyBag || b.type === pkcs8ShroudedKeyBag).map(bagKey)
  const certs = bags.filter((b) => b.type === certBag).map(bagCertificate)
  if (keys.length === 0) {
    throw new SigningKeyError('no-key', 'The file holds no private key (export it with its key)')
  }
  const pairs = keys.flatMap((key) => {
    const cert = certs.find((c) => c.checkPrivateKey(key))
    return cert ? [{ key, cert }] : []
  })
  const pair = pairs[0]
  if (!pair) {
    throw new SigningKeyError('no-certificate', 'The file holds no certificate for its key')
  }
  if (pair.key.asymmetricKeyType !== 'rsa') {
    throw new SigningKeyError('unsupported-key', 'Only RSA signing certificates are supported')
  }
  // The chain as far as the file goes: each next certificate is the issuer of the last.
  const chain = [pair.cert]
  for (;;) {
    const last = chain[chain.length - 1]
    const issuer = certs.find((c) => !chain.includes(c) && last?.checkIssued(c))
    if (!issuer) break
    chain.push(issuer)
  }
  return {
    privateKey: pair.key,
    chain,
    subject: commonName(pair.cert),
    validFrom: new Date(pair.cert.validFrom),
    validTo: new Date(pair.cert.validTo),
  }
}

/** Why a key read by readPkcs12 may not sign at `now` (expired, not yet valid), or null. */
export function validityProblem(key: LoadedSigningKey, now: Date): SigningKeyError | null {
  const day = (date: Date) => date.toISOString().slice(0, 10)
  if (key.validTo.getTime() < now.getTime()) {
    return new SigningKeyError('expired', `The certificate expired on ${day(key.validTo)}`)
  }
  if (key.validFrom.getTime() > now.getTime()) {
    return new SigningKeyError(
      'not-yet-valid',
      `The certificate is valid from ${day(key.validFrom)}`,
    )
  }
  return null
}

/** readPkcs12, also refusing a certificate not valid at `now`. */
export function loadPkcs12(
  p12: Buffer,
  passphrase: string,
  now: Date = new Date(),
): SigningKey & { subject: string; validTo: Date } {
  const key = readPkcs12(p12, passphrase)
  const problem = validityProblem(key, now)
  if (problem) throw problem
  return key
}

/** A certificate's issuer Name and serialNumber INTEGER, as the bytes the certificate holds. */
function issuerAndSerial(cert: X509Certificate) {
  const [tbs] = children(readElement(cert.raw))
  if (!tbs) throw new Error('certificate without tbsCertificate')
  const fields = children(tbs)
  // version is [0] EXPLICIT and absent for v1 certificates.
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields
  const [serial, , issuer] = rest
  if (!serial || !issuer) throw new Error('certificate without issuer or serial number')
  return { issuer: issuer.raw, serial: serial.raw }
}

const attribute = (type: string, value: Buffer) => sequence(oid(type), set(value))
const sha256Id = () => sequence(oid(OID.sha256))

/**
 * The signed attributes' content (a DER SET OF, sorted): content-type, message-digest and
 * signing-certificate-v2 naming the signer's certificate by SHA-256 hash and issuer/serial.
 */
function signedAttributes(signer: X509Certificate, contentDigest: Buffer): Buffer[] {
  const { issuer, serial } = issuerAndSerial(signer)
  const certHash = createHash('sha256').update(signer.raw).digest()
  // ESSCertIDv2: hashAlgorithm is left out as DER asks for its DEFAULT (SHA-256);
  // issuerSerial's GeneralNames holds one directoryName, [4] explicit around the Name.
  const essCertId = sequence(octetString(certHash), sequence(sequence(tlv(0xa4, issuer)), serial))
  return sortedSetContent([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(contentDigest)),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertId))),
  ])
}

/**
 * The DER ContentInfo of a detached CMS SignedData signing `contentDigest` (SHA-256 of the
 * signed bytes). Its length depends only on the key and chain, never on the digest, so a
 * placeholder of `cadesSignatureLength(key)` bytes always fits it exactly.
 */
export function cadesSignature(key: SigningKey, contentDigest: Buffer): Buffer {
  const [signer] = key.chain
  if (!signer) throw new Error('signing key without a certificate')
  if (contentDigest.length !== 32) throw new Error('contentDigest must be a SHA-256 digest')
  const attributes = signedAttributes(signer, contentDigest)
  // The signature covers the attributes with the SET tag, though they are stored as [0].
  const signature = sign('sha256', tlv(0x31, ...attributes), key.privateKey)
  const { issuer, serial } = issuerAndSerial(signer)
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    sha256Id(),
    tlv(0xa0, ...attributes),
    sequence(oid(OID.rsaEncryption), nullValue()),
    octetString(signature),
  )
  const signedData = sequence(
    integer(1),
    set(sha256Id()),
    sequence(oid(OID.data)),
    tlv(0xa0, ...sortedSetContent(key.chain.map((cert) => cert.raw))),
    set(signerInfo),
  )
  return sequence(oid(OID.signedData), tlv(0xa0, signedData))
}

/** The exact length of `cadesSignature(key, …)` (an RSA signature is as long as the modulus). */
export const cadesSignatureLength = (key: SigningKey) =>
  cadesSignature(key, Buffer.alloc(32)).length
