import { z } from 'zod'

/**
 * A seller's document-signing certificate (issue 17): its GST invoices carry a PAdES signature
 * made with it. An admin uploads the PKCS#12 file (.p12 or .pfx) and its passphrase; the server
 * keeps both encrypted and only ever shows whose certificate it is and until when.
 */

/** Certificate files are a few kilobytes; 64 KiB leaves room for long chains. */
export const SIGNING_KEY_MAX_BYTES = 64 * 1024

export const signingKeyBody = z.object({
  p12Base64: z
    .string()
    .trim()
    .min(1, 'Choose the certificate file (.p12 or .pfx)')
    .max(Math.ceil(SIGNING_KEY_MAX_BYTES / 3) * 4, 'The certificate file is too large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The certificate file must be sent as base64'),
  passphrase: z
    .string()
    .min(1, 'Enter the certificate’s passphrase')
    .max(200, 'The passphrase is too long'),
})
export type SigningKeyInput = z.input<typeof signingKeyBody>

export const signingKeyInfo = z.object({
  /** The certificate subject's common name (the signatory or the business). */
  subject: z.string(),
  validTo: z.iso.datetime(),
  /** Why invoices are not signed with it now (expired, unreadable), or null when they are. */
  problem: z.string().nullable(),
})
export type SigningKeyInfo = z.infer<typeof signingKeyInfo>

export const signingKeyResponse = z.object({
  success: z.literal(true),
  data: signingKeyInfo.nullable(),
})
export type SigningKeyResponse = z.infer<typeof signingKeyResponse>

export const signingKeySavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: signingKeyInfo,
})
export type SigningKeySavedResponse = z.infer<typeof signingKeySavedResponse>
