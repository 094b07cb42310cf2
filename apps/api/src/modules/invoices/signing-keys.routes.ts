import {
  idParam,
  messageResponse,
  signingKeyBody,
  signingKeyResponse,
  signingKeySavedResponse,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { badRequest } from '../../lib/errors'
import { SigningKeyError } from '../../lib/signing/signing-key-error'
import { deleteSellerSigningKey, saveSellerSigningKey, sellerSigningKeyInfo } from './signing-keys'

const tags = ['vendors']
const params = z.object({ vendorId: idParam })

/** An admin sets a seller's invoice signing certificate (issue 17); nobody reads the key back. */
export async function signingKeysRoutes(app: App) {
  const deps = () => ({ db: app.deps.db, config: app.deps.config, now: app.deps.now })

  app.get(
    '/admin/vendors/:vendorId/signing-key',
    {
      schema: {
        tags,
        summary: "A seller's invoice signing certificate: whose and until when, or null",
        params,
        response: { 200: signingKeyResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      success: true as const,
      data: await sellerSigningKeyInfo(deps(), request.params.vendorId),
    }),
  )

  app.put(
    '/admin/vendors/:vendorId/signing-key',
    {
      schema: {
        tags,
        summary: "Set a seller's invoice signing certificate: a PKCS#12 file and its passphrase",
        params,
        body: signingKeyBody,
        response: { 200: signingKeySavedResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { p12Base64, passphrase } = request.body
      try {
        const data = await saveSellerSigningKey(
          deps(),
          request.params.vendorId,
          Buffer.from(p12Base64, 'base64'),
          passphrase,
        )
        return { success: true as const, message: 'Signing certificate saved', data }
      } catch (error) {
        if (!(error instanceof SigningKeyError)) throw error
        const path = error.problem === 'wrong-passphrase' ? 'passphrase' : 'p12Base64'
        throw badRequest(error.message, [{ path, message: error.message }])
      }
    },
  )

  app.delete(
    '/admin/vendors/:vendorId/signing-key',
    {
      schema: {
        tags,
        summary: "Remove a seller's invoice signing certificate (its invoices go out unsigned)",
        params,
        response: { 200: messageResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      await deleteSellerSigningKey(deps(), request.params.vendorId)
      return { success: true as const, message: 'Signing certificate removed' }
    },
  )
}
