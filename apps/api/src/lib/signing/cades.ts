import { createHash, sign, type KeyObject, type X509Certificate } from 'node:crypto'
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
 * the signature dictionary's /M instead. node-forge only reads the PKCS#12 file (pkcs12.ts; Node
 * cannot); the CMS is written here and signed by Node's crypto, because forge's own PKCS#7 writer
 * has no signing-certificate-v2 attribute and always adds signing-time.
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
