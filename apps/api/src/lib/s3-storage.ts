import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { UPLOAD_PART_BYTES } from '@techbazaar/shared'
import type { Config } from '../config'
import type { CspSources } from '../plugins/security'
import type { Storage } from './storage'

export type S3Settings = NonNullable<Config['s3']>

/** Only what the upload path stores is ever "ours": `u/<name>.webp`, never `incoming/`. */
const PUBLIC_KEY = /^u\/[a-z0-9_-]+\.webp$/i
/** Names are random and never reused, so a stored image never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Otherwise presigned URLs carry a checksum of an empty body, and S3-compatible stores
    // that do not know the newer flexible checksums refuse the requests.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** NotFound (HEAD), NoSuchKey, NoSuchUpload: the thing is not there. */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404
}

/** Images in an S3-compatible bucket, served from `publicUrl`; browsers upload straight to it. */
export function createS3Storage(s3: S3Settings, client = createS3Client(s3)): Storage {
  const Bucket = s3.bucket
  const publicPrefix = `${s3.publicUrl}/`

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      )
      return publicPrefix + key
    },

    async exists(url) {
      if (!url.startsWith(publicPrefix)) return false
      const key = url.slice(publicPrefix.length)
      if (!PUBLIC_KEY.test(key)) return false
      return (await head(key)) !== null
    },

    async remove(url) {
      if (!url.startsWith(publicPrefix)) return
      const key = url.slice(publicPrefix.length)
      if (!PUBLIC_KEY.test(key)) return
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    direct: {
      async start(key, { contentType, size, now, expiresAt }) {
        const created = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
        )
        const uploadId = created.UploadId
        if (!uploadId) throw new Error('CreateMultipartUpload answered no UploadId')
        const expiresIn = Math.round((expiresAt.getTime() - now.getTime()) / 1000)
        const count = Math.ceil(size / UPLOAD_PART_BYTES)
        const parts = await Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const partNumber = i + 1
            const command = new UploadPartCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: partNumber,
              // Signed, so the URL takes exactly this many bytes and cannot store more.
              ContentLength: Math.min(UPLOAD_PART_BYTES, size - i * UPLOAD_PART_BYTES),
            })
            const url = await getSignedUrl(client, command, { expiresIn, signingDate: now })
            return { partNumber, url }
          }),
        )
        return { uploadId, parts }
      },

      async complete(key, uploadId, parts) {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        )
      },

      async abort(key, uploadId) {
        try {
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }),
          )
        } catch (error) {
          if (!isMissing(error)) throw error
        }
      },

      async read(key, maxBytes) {
        // The size first, so an oversized object is refused without downloading it.
        const meta = await head(key)
        if (!meta) throw new Error(`uploaded object ${key} is missing`)
        if ((meta.ContentLength ?? 0) > maxBytes) return 'too-large'
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) throw new Error(`GetObject ${key} answered no body`)
        const bytes = Buffer.from(await object.Body.transformToByteArray())
        return bytes.length > maxBytes ? 'too-large' : bytes
      },

      async remove(key) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      },
    },
  }
}

/**
 * What the browser needs from the store when S3 is configured: PUTs to the presigned URLs'
 * origin (found by presigning one, so path-style and virtual-hosted buckets both come out
 * right) and images from the public URL. Nothing when images stay on local disk.
 */
export async function storageCsp(config: Pick<Config, 's3'>): Promise<CspSources> {
  if (!config.s3) return {}
  const sample = await getSignedUrl(
    createS3Client(config.s3),
    new PutObjectCommand({ Bucket: config.s3.bucket, Key: 'incoming/csp' }),
    { expiresIn: 60 },
  )
  return { connect: [new URL(sample).origin], img: [new URL(config.s3.publicUrl).origin] }
}
