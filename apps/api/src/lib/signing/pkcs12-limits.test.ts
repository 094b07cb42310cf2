import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import forge from 'node-forge'
import { describe, expect, it } from 'vitest'
import { makeTestP12, withIterations } from '../../../test/signing-certs'
import { assertPkcs12Bounded, PKCS12_MAX_BAGS, PKCS12_MAX_ITERATIONS } from './pkcs12-limits'
import { readPkcs12OffThread } from './pkcs12-reader'
import { SigningKeyError } from './signing-key-error'

const problemOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof SigningKeyError) return error.problem
    throw error
  }
  return null
}

function openssl(...args: string[]): boolean {
  try {
    execFileSync('openssl', args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('assertPkcs12Bounded (issue 26.4)', () => {
  const cert = makeTestP12()

  it('lets a real certificate through', () => {
    expect(problemOf(() => assertPkcs12Bounded(cert.p12))).toBeNull()
    expect(problemOf(() => assertPkcs12Bounded(withIterations(cert.p12, { mac: 10_000 })))).toBe(
      null,
    )
  })

  it("lets OpenSSL's own export through, at its default count and at the bound", (ctx) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'p12-'))
    try {
      const [key, crt, p12] = ['key.pem', 'cert.pem', 'cert.p12'].map((f) => path.join(dir, f))
      const made =
        openssl(
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=Signatory',
          '-keyout',
          key!,
          '-out',
          crt!,
          '-days',
          '2',
        ) &&
        openssl(
          'pkcs12',
          '-export',
          '-inkey',
          key!,
          '-in',
          crt!,
          '-out',
          p12!,
          '-passout',
          'pass:x',
        )
      if (!made) return ctx.skip()
      expect(problemOf(() => assertPkcs12Bounded(readFileSync(p12!)))).toBeNull()
      openssl(
        'pkcs12',
        '-export',
        '-inkey',
        key!,
        '-in',
        crt!,
        '-out',
        p12!,
        '-passout',
        'pass:x',
        '-iter',
        String(PKCS12_MAX_ITERATIONS),
      )
      expect(problemOf(() => assertPkcs12Bounded(readFileSync(p12!)))).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("refuses two million iterations of the key's encryption or of the MAC, before deriving", () => {
    const hostileKey = withIterations(cert.p12, { encryption: 2_000_000 })
    const hostileMac = withIterations(cert.p12, { mac: 2_000_000 })
    const started = Date.now()
    expect(problemOf(() => assertPkcs12Bounded(hostileKey))).toBe('too-costly')
    expect(problemOf(() => assertPkcs12Bounded(hostileMac))).toBe('too-costly')
    expect(
      problemOf(() => assertPkcs12Bounded(withIterations(cert.p12, { mac: 2 ** 31 - 1 }))),
    ).toBe('too-costly')
    // Deriving with two million iterations takes minutes; refusing takes nothing.
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('refuses a file of too many bags, and what is not DER PKCS#12', () => {
    const issued = forge.pki.certificateFromAsn1(
      forge.asn1.fromDer(cert.certDer.toString('binary')),
    )
    const many = forge.pkcs12.toPkcs12Asn1(null, Array(PKCS12_MAX_BAGS + 1).fill(issued), 'x', {
      algorithm: 'aes256',
      useMac: false,
    })
    const manyDer = Buffer.from(forge.asn1.toDer(many).getBytes(), 'binary')
    expect(problemOf(() => assertPkcs12Bounded(manyDer))).toBe('too-costly')
    expect(problemOf(() => assertPkcs12Bounded(Buffer.from('%PDF-1.7')))).toBe('not-pkcs12')
    // BER's indefinite length (0x80), which DER forbids.
    expect(problemOf(() => assertPkcs12Bounded(Buffer.from([0x30, 0x80, 0, 0])))).toBe('not-pkcs12')
    expect(problemOf(() => assertPkcs12Bounded(Buffer.concat([cert.p12, Buffer.from([0])])))).toBe(
      'not-pkcs12',
    )
  })
})

describe('readPkcs12OffThread', () => {
  it('reads the key in a worker thread, and refuses a hostile file at once', async () => {
    const cert = makeTestP12()
    const key = await readPkcs12OffThread(cert.p12, cert.passphrase)
    expect(key.subject).toBe(cert.commonName)
    expect(key.chain[0]?.raw.equals(cert.certDer)).toBe(true)
    expect(key.chain[0]?.checkPrivateKey(key.privateKey)).toBe(true)
    await expect(readPkcs12OffThread(cert.p12, 'wrong')).rejects.toMatchObject({
      problem: 'wrong-passphrase',
    })
    const hostile = withIterations(cert.p12, { encryption: 2_000_000 })
    await expect(readPkcs12OffThread(hostile, cert.passphrase)).rejects.toMatchObject({
      problem: 'too-costly',
    })
  })
})
