import type {
  CompleteMultipartUploadInput,
  CreateMultipartUploadInput,
  CreateMultipartUploadResponse,
  MultipartUploadRef,
  UploadResponse,
} from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'
import type { UploadOptions } from './upload-image'

/** Retries after a part's first failure (network drop, 5xx): a blip should not lose 10 MB. */
export const PART_RETRIES = 3
const FAILED = 'Upload failed. Please try again.'

const abortError = () => new DOMException('Upload cancelled', 'AbortError')

/** A part PUT that failed; `retry` when trying again may help (network, 408, 429, 5xx). */
class PartError extends Error {
  constructor(
    readonly retry: boolean,
    message = FAILED,
  ) {
    super(message)
  }
}

/**
 * PUTs one part to its presigned URL and answers the ETag the store gave it. XMLHttpRequest
 * for the upload progress. The store's CORS rules must expose the ETag header (README).
 */
function putPart(
  url: string,
  body: Blob,
  onLoaded: (bytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError())
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    const settle = () => signal.removeEventListener('abort', onAbort)
    xhr.open('PUT', url)
    xhr.upload.onprogress = (event) => onLoaded(event.loaded)
    xhr.onload = () => {
      settle()
      if (xhr.status < 200 || xhr.status >= 300) {
        const retry = xhr.status === 408 || xhr.status === 429 || xhr.status >= 500
        return reject(new PartError(retry))
      }
      const etag = xhr.getResponseHeader('ETag')
      if (!etag) {
        return reject(new PartError(false, 'Upload failed: the image store hides the ETag header.'))
      }
      onLoaded(body.size)
      resolve(etag)
    }
    xhr.onerror = () => {
      settle()
      reject(new PartError(true))
    }
    xhr.onabort = () => {
      settle()
      reject(abortError())
    }
    xhr.send(body)
  })
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(abortError())
      },
      { once: true },
    )
  })
}

/**
 * Sends a file straight to S3-compatible storage (decisions.md): the API presigns one URL per
 * part, the parts go `concurrency` at a time with overall progress, a failed part is retried up
 * to PART_RETRIES times, and the API then turns the object into the shop's images. A cancel
 * (the signal) or a failure aborts the upload on the server, so no parts are left behind.
 */
export async function uploadMultipart(
  file: File,
  { kind = 'product', onProgress, signal, retryDelayMs = 1000 }: UploadOptions,
  concurrency: number,
): Promise<UploadResponse> {
  const controller = new AbortController()
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel, { once: true })
  let upload: MultipartUploadRef | undefined
  try {
    const start: CreateMultipartUploadInput = { kind, contentType: file.type, size: file.size }
    const created = await api<CreateMultipartUploadResponse>('/uploads/multipart', {
      method: 'POST',
      json: start,
      signal: controller.signal,
    })
    upload = { key: created.key, uploadId: created.uploadId }

    const loaded = created.parts.map(() => 0)
    const report = () => {
      const sent = loaded.reduce((sum, bytes) => sum + bytes, 0)
      onProgress?.(Math.min(100, Math.round((sent / file.size) * 100)))
    }
    const etags: CompleteMultipartUploadInput['parts'] = []

    async function send(index: number) {
      const part = created.parts[index]
      if (!part) return
      const from = index * created.partBytes
      const body = file.slice(from, from + created.partBytes)
      for (let attempt = 0; ; attempt++) {
        try {
          const etag = await putPart(
            part.url,
            body,
            (bytes) => {
              loaded[index] = bytes
              report()
            },
            controller.signal,
          )
          etags.push({ partNumber: part.partNumber, etag })
          return
        } catch (error) {
          loaded[index] = 0
          report()
          if (!(error instanceof PartError) || !error.retry || attempt >= PART_RETRIES) throw error
          await wait(retryDelayMs * (attempt + 1), controller.signal)
        }
      }
    }

    // `concurrency` workers take the next part until none is left; one failure stops them all.
    let next = 0
    const worker = async () => {
      while (next < created.parts.length) await send(next++)
    }
    await Promise.all(
      Array.from({ length: Math.min(concurrency, created.parts.length) }, worker),
    ).catch((error: unknown) => {
      controller.abort()
      throw error
    })

    const complete: CompleteMultipartUploadInput = {
      ...upload,
      parts: etags.sort((a, b) => a.partNumber - b.partNumber),
    }
    // From here the server owns the upload: it cleans up whether it accepts the image or not.
    upload = undefined
    return await api<UploadResponse>('/uploads/multipart/complete', {
      method: 'POST',
      json: complete,
      signal: controller.signal,
    })
  } catch (error) {
    if (upload) {
      // Best effort: the store's lifecycle rule sweeps anything this misses.
      void api('/uploads/multipart/abort', { method: 'POST', json: upload, keepalive: true }).catch(
        () => undefined,
      )
    }
    if (signal?.aborted) throw abortError()
    if (error instanceof ApiError || error instanceof PartError) throw error
    throw new ApiError(0, FAILED)
  } finally {
    signal?.removeEventListener('abort', cancel)
  }
}
