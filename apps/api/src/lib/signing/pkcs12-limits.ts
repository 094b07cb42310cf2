import { SIGNING_KEY_MAX_BYTES } from '@techbazaar/shared'
import { children, oid, readElement, TAG, type DerElement } from './der'
import { SigningKeyError } from './signing-key-error'

/**
 * The cost of opening a PKCS#12 file, bounded before anything is derived (issue 26.4). Its
 * passphrase is stretched once per MAC, encrypted part and shrouded key with the iteration count
 * the file itself names, and node-forge does it in JavaScript: a 2.5 KB file asking for two
 * million iterations held a thread for two minutes. Real exports use 2048 (OpenSSL 3) to about
 * 10,000 (Windows, macOS); docs/decisions/056-second-outside-attack.md (Issue 26.4) explains the
 * bounds below.
 */
export const PKCS12_MAX_ITERATIONS = 100_000
/** MAC, encrypted parts and shrouded keys together: a key, its chain and a few spare. */
export const PKCS12_MAX_DERIVATIONS = 8
/** Bags of any kind (keys, certificates, CRLs): a signer's key and a chain of a few. */
export const PKCS12_MAX_BAGS = 32

const OID = {
  data: oid('1.2.840.113549.1.7.1'),
  encryptedData: oid('1.2.840.113549.1.7.6'),
  pbes2: oid('1.2.840.113549.1.5.13'),
  pbmac1: oid('1.2.840.113549.1.5.14'),
  pbkdf2: oid('1.2.840.113549.1.5.12'),
  shroudedKeyBag: oid('1.2.840.113549.1.12.10.1.2'),
  safeContentsBag: oid('1.2.840.113549.1.12.10.1.6'),
} as const

// PKCS#12 PBE (1.2.840.113549.1.12.1.1-6) and PKCS#5 PBES1 (1.2.840.113549.1.5.1-11): their
// parameters are SEQUENCE { salt OCTET STRING, iterations INTEGER }.
const PBES1 = [
  ...[1, 2, 3, 4, 5, 6].map((n) => oid(`1.2.840.113549.1.12.1.${n}`)),
  ...[1, 3, 4, 6, 10, 11].map((n) => oid(`1.2.840.113549.1.5.${n}`)),
]

const notPkcs12 = (why: string) =>
  new SigningKeyError(
    'not-pkcs12',
    `The file is not a PKCS#12 (.p12 or .pfx) file we can read: ${why}`,
  )

const tooCostly = (what: string) =>
  new SigningKeyError(
    'too-costly',
    `The file asks for ${what}; real certificates need far less: export it again (OpenSSL's default is 2048 iterations)`,
  )

const is = (element: DerElement | undefined, id: Buffer) => element?.raw.equals(id) === true

/** The fields of a SEQUENCE, or a refusal naming what was expected. */
function fields(element: DerElement | undefined, what: string): DerElement[] {
  if (element?.tag !== TAG.SEQUENCE) throw notPkcs12(`${what} is not a SEQUENCE`)
  return children(element)
}

/** An INTEGER's value; anything above 2^32 (or negative) reads as Infinity, which no bound allows. */
function count(element: DerElement | undefined, what: string): number {
  if (element?.tag !== TAG.INTEGER) throw notPkcs12(`${what} is not an INTEGER`)
  const bytes = element.content
  if (bytes.length === 0 || (bytes[0] ?? 0) & 0x80) return Infinity
  const value = bytes.reduce((sum, byte) => sum * 256 + byte, 0)
  return value > 2 ** 32 ? Infinity : value
}

/** The [0] EXPLICIT content of a ContentInfo or SafeBag. */
function explicit(element: DerElement | undefined, what: string): DerElement {
  if (element?.tag !== 0xa0) throw notPkcs12(`${what} has no content`)
  const [inner] = children(element)
  if (!inner) throw notPkcs12(`${what} is empty`)
  return inner
}

/** What one pass of counting found so far. */
interface Tally {
  derivations: number
  bags: number
}

function derivation(tally: Tally, iterations: number, what: string) {
  if (iterations > PKCS12_MAX_ITERATIONS) {
    throw tooCostly(
      `${Number.isFinite(iterations) ? iterations : 'billions of'} iterations for ${what} (at most ${PKCS12_MAX_ITERATIONS} are accepted)`,
    )
  }
  tally.derivations++
  if (tally.derivations > PKCS12_MAX_DERIVATIONS) {
    throw tooCostly(`more than ${PKCS12_MAX_DERIVATIONS} key derivations`)
  }
}

/** Counts the derivation a password-based AlgorithmIdentifier asks for (PBES1, PBES2, PBMAC1). */
function passwordAlgorithm(tally: Tally, element: DerElement | undefined, what: string) {
  const [algorithm, params] = fields(element, what)
  if (is(algorithm, OID.pbes2) || is(algorithm, OID.pbmac1)) {
    const [kdf] = fields(params, `${what}'s parameters`)
    const [kdfAlgorithm, kdfParams] = fields(kdf, `${what}'s key derivation`)
    if (!is(kdfAlgorithm, OID.pbkdf2)) throw notPkcs12(`${what} uses an unknown key derivation`)
    const [, iterations] = fields(kdfParams, `${what}'s PBKDF2 parameters`)
    derivation(tally, count(iterations, `${what}'s iteration count`), what)
  } else if (PBES1.some((id) => is(algorithm, id))) {
    const [, iterations] = fields(params, `${what}'s parameters`)
    derivation(tally, count(iterations, `${what}'s iteration count`), what)
  } else {
    throw notPkcs12(`${what} uses an unknown encryption`)
  }
}

/** SafeContents: SEQUENCE OF SafeBag { bagId, [0] bagValue, attributes }; nested bags once. */
function safeContents(tally: Tally, element: DerElement, depth: number) {
  for (const bag of fields(element, 'a bag list')) {
    tally.bags++
    if (tally.bags > PKCS12_MAX_BAGS) throw tooCostly(`more than ${PKCS12_MAX_BAGS} bags`)
    const [bagId, value] = fields(bag, 'a bag')
    if (is(bagId, OID.shroudedKeyBag)) {
      const [algorithm] = fields(explicit(value, 'a key bag'), 'an encrypted key')
      passwordAlgorithm(tally, algorithm, 'the private key')
    } else if (is(bagId, OID.safeContentsBag)) {
      if (depth > 1) throw notPkcs12('bags are nested too deep')
      safeContents(tally, explicit(value, 'a nested bag'), depth + 1)
    }
  }
}

/** The DER inside a ContentInfo of type data: [0] EXPLICIT OCTET STRING. */
function dataContent(element: DerElement | undefined, what: string): DerElement {
  const octets = explicit(element, what)
  if (octets.tag !== TAG.OCTET_STRING) throw notPkcs12(`${what} is not an OCTET STRING`)
  return readElement(octets.content)
}

/**
 * Refuses, before any key derivation, a PKCS#12 file that would cost more than a real one: over
 * SIGNING_KEY_MAX_BYTES, more than PKCS12_MAX_ITERATIONS in any MAC or encryption parameter set,
 * more than PKCS12_MAX_DERIVATIONS of them or PKCS12_MAX_BAGS bags. Counts inside an encrypted
 * part cannot be read before deriving: the worker's time limit bounds those (pkcs12-reader.ts).
 * Also refuses what is not DER (forge itself would refuse most of it).
 */
export function assertPkcs12Bounded(p12: Buffer): void {
  if (p12.length > SIGNING_KEY_MAX_BYTES) {
    throw tooCostly(`more than ${SIGNING_KEY_MAX_BYTES / 1024} KB`)
  }
  const tally: Tally = { derivations: 0, bags: 0 }
  try {
    const pfx = readElement(p12)
    if (pfx.raw.length !== p12.length) throw notPkcs12('bytes follow its end')
    const [, authSafe, macData] = fields(pfx, 'the file')
    if (macData) {
      const [digestInfo, , iterations] = fields(macData, 'the MAC')
      const [macAlgorithm] = fields(digestInfo, 'the MAC digest')
      // PBMAC1 (RFC 9579) keeps its count in the algorithm; the classic MAC in `iterations`.
      const [macOid] = fields(macAlgorithm, 'the MAC algorithm')
      if (is(macOid, OID.pbmac1)) passwordAlgorithm(tally, macAlgorithm, 'the MAC')
      else
        derivation(tally, iterations ? count(iterations, 'the MAC iteration count') : 1, 'the MAC')
    }
    const [authSafeType, authSafeContent] = fields(authSafe, 'the content')
    if (!is(authSafeType, OID.data)) throw notPkcs12('only password-protected files are supported')
    for (const part of fields(dataContent(authSafeContent, 'the content'), 'the content')) {
      const [type, content] = fields(part, 'a part')
      if (is(type, OID.data)) {
        safeContents(tally, dataContent(content, 'a part'), 0)
      } else if (is(type, OID.encryptedData)) {
        const [, encryptedContentInfo] = fields(
          explicit(content, 'an encrypted part'),
          'an encrypted part',
        )
        const [, algorithm] = fields(encryptedContentInfo, 'an encrypted part')
        passwordAlgorithm(tally, algorithm, 'an encrypted part')
      } else {
        throw notPkcs12('a part is neither plain nor password-encrypted')
      }
    }
  } catch (error) {
    if (error instanceof SigningKeyError) throw error
    // der.ts refuses BER's indefinite lengths and truncated elements.
    throw notPkcs12(error instanceof Error ? error.message : String(error))
  }
}
