import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto'
import forge from 'node-forge'
import type { SigningKey } from './cades'
import { assertPkcs12Bounded } from './pkcs12-limits'
import { SigningKeyError } from './signing-key-error'

export { SigningKeyError, type SigningKeyProblem } from './signing-key-error'

/**
 * Reading PKCS#12 signing certificates with node-forge (Node cannot). Key derivation runs in
 * JavaScript and costs what the file asks for, so every read is bounded first
 * (pkcs12-limits.ts), and the server reads them in a worker thread with a time limit
 * (pkcs12-reader.ts); only the start reads the configured file here, before it serves anyone.
 */

/** The first CN of a certificate's subject (Node prints one `KEY=value` per line), else all of it. */
function commonName(cert: X509Certificate): string {
  const cn = cert.subject.split('\n').find((line) => line.startsWith('CN='))
  return cn ? cn.slice(3) : cert.subject.replaceAll('\n', ', ')
}

function openPfx(p12: Buffer, passphrase: string): forge.pkcs12.Pkcs12Pfx {
  assertPkcs12Bounded(p12)
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
  now: Date,
): SigningKey & { subject: string; validTo: Date } {
  const key = readPkcs12(p12, passphrase)
  const problem = validityProblem(key, now)
  if (problem) throw problem
  return key
}
