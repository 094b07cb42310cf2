/** The services the shop talks to, from the environment: object storage, couriers, the invoice signing key. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { readPkcs12, SigningKeyError } from '../lib/signing/pkcs12'
import type { Env } from './env'
import { ConfigError } from './error'
import { ROOT_DIR } from './root'

/** The S3 settings, or undefined when none is set; a half-set one is refused by name. */
export function s3Config(e: Env) {
  const required = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    S3_PUBLIC_URL: e.S3_PUBLIC_URL,
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = required
  const { S3_SECRET_ACCESS_KEY: secretAccessKey, S3_PUBLIC_URL: publicUrl } = required
  // Any one S3 variable asks for S3 storage; it cannot work without all of these.
  const asked = e.S3_ENDPOINT || e.S3_REGION || e.S3_FORCE_PATH_STYLE
  if (!asked && !bucket && !accessKeyId && !secretAccessKey && !publicUrl) return undefined
  if (!bucket || !accessKeyId || !secretAccessKey || !publicUrl) {
    const lines = Object.entries(required)
      .filter(([, value]) => !value)
      .map(([name]) => `  ${name}: is required when S3 storage is configured`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    /** Images are served from `${publicUrl}/u/<name>.webp`. */
    publicUrl: publicUrl.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  }
}

const COURIER_NAMES = {
  shiprocket: 'SHIPROCKET',
  delhivery: 'DELHIVERY',
  sandbox: 'SANDBOX',
} as const

/**
 * The couriers' settings: each courier with keys (a half-set one is refused by name), and the
 * one that books new parcels. The sandbox courier books only in demo mode.
 */
export function couriersConfig(e: Env, demo: boolean) {
  const problems: string[] = []
  if (Boolean(e.SHIPROCKET_EMAIL) !== Boolean(e.SHIPROCKET_PASSWORD)) {
    const missing = e.SHIPROCKET_EMAIL ? 'SHIPROCKET_PASSWORD' : 'SHIPROCKET_EMAIL'
    problems.push(`${missing}: is required when Shiprocket is configured`)
  }
  const shiprocket =
    e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
      ? {
          email: e.SHIPROCKET_EMAIL,
          password: e.SHIPROCKET_PASSWORD,
          baseUrl: (e.SHIPROCKET_BASE_URL ?? 'https://apiv2.shiprocket.in/v1/external').replace(
            /\/+$/,
            '',
          ),
          webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
        }
      : undefined
  const delhivery = e.DELHIVERY_TOKEN
    ? {
        token: e.DELHIVERY_TOKEN,
        environment: e.DELHIVERY_ENV,
        baseUrl: (
          e.DELHIVERY_BASE_URL ??
          (e.DELHIVERY_ENV === 'production'
            ? 'https://track.delhivery.com'
            : 'https://staging-express.delhivery.com')
        ).replace(/\/+$/, ''),
        webhookToken: e.DELHIVERY_WEBHOOK_TOKEN,
      }
    : undefined
  if (e.COURIER === 'shiprocket' && !shiprocket && problems.length === 0) {
    problems.push('COURIER: shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD')
  }
  if (e.COURIER === 'delhivery' && !delhivery) {
    problems.push('COURIER: delhivery needs DELHIVERY_TOKEN')
  }
  if (e.COURIER === 'sandbox' && !demo) {
    problems.push('COURIER: the sandbox courier books parcels in demo mode only')
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  const chosen = e.COURIER && COURIER_NAMES[e.COURIER]
  return {
    /** The courier that books new parcels; undefined: none (outside demo mode, no keys). */
    default:
      chosen ??
      (shiprocket ? 'SHIPROCKET' : delhivery ? 'DELHIVERY' : demo ? 'SANDBOX' : undefined),
    shiprocket,
    delhivery,
  }
}

/**
 * The marketplace's invoice signing key, or undefined when none is set. A half-set one, a file
 * that cannot be read or a passphrase that does not open it is refused by name; an expired
 * certificate is not (its invoices go out unsigned, with the text the law allows, until renewed).
 */
export function invoiceSigningConfig(e: Env) {
  const file = e.INVOICE_SIGNING_P12
  const inline = e.INVOICE_SIGNING_P12_BASE64
  const passphrase = e.INVOICE_SIGNING_PASSPHRASE
  if (!file && !inline && !passphrase) return undefined
  const refuse = (lines: string[]) =>
    new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`)
  const fileName = file ? 'INVOICE_SIGNING_P12' : 'INVOICE_SIGNING_P12_BASE64'
  const problems: string[] = []
  if (file && inline) {
    problems.push('INVOICE_SIGNING_P12_BASE64: set either it or INVOICE_SIGNING_P12, not both')
  } else if (!file && !inline) {
    problems.push(
      'INVOICE_SIGNING_P12: is required (or INVOICE_SIGNING_P12_BASE64) when INVOICE_SIGNING_PASSPHRASE is set',
    )
  }
  if (!passphrase) {
    problems.push(`INVOICE_SIGNING_PASSPHRASE: is required when ${fileName} is set`)
  }
  if (problems.length > 0 || !passphrase) throw refuse(problems)
  let p12: Buffer
  try {
    p12 = file ? readFileSync(path.resolve(ROOT_DIR, file)) : Buffer.from(inline ?? '', 'base64')
  } catch (error) {
    throw refuse([`INVOICE_SIGNING_P12: cannot read ${file}: ${(error as Error).message}`])
  }
  try {
    readPkcs12(p12, passphrase)
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error
    const name = error.problem === 'wrong-passphrase' ? 'INVOICE_SIGNING_PASSPHRASE' : fileName
    throw refuse([`${name}: ${error.message}`])
  }
  return { p12, passphrase }
}
