import type { ErrorResponse, UploadConfig, UploadKind, UploadResponse } from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'
import { uploadMultipart } from './upload-multipart'

export interface UploadOptions {
  kind?: UploadKind
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
  /** Wait before retrying a failed part of a direct upload (then twice, three times that). */
  retryDelayMs?: number
}

export type UploadFn = (file: File, options?: UploadOptions) => Promise<UploadResponse>

/**
 * Uploads one image the way the server's storage wants it: in parts straight to S3-compatible
 * storage when it is configured, else to POST /api/uploads. Asked per upload (one small call),
 * so a page left open across a storage change still uploads the right way.
 */
export const uploadImage: UploadFn = async (file, options = {}) => {
  const config = await api<UploadConfig>('/uploads/config', { signal: options.signal })
  return config.storage === 's3'
    ? uploadMultipart(file, options, config.concurrency)
    : uploadToApi(file, options)
}

/**
 * Sends one image to POST /api/uploads. XMLHttpRequest rather than fetch because only it reports
 * upload progress. Failures come back as ApiError with the server's message (415, 413, 429...).
 */
const uploadToApi: UploadFn = (file, { kind = 'product', onProgress, signal } = {}) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/uploads?kind=${kind}`)
    xhr.responseType = 'json'
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      const body = xhr.response as UploadResponse | ErrorResponse | null
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) return resolve(body)
      const message = body && !body.success ? body.message : 'Upload failed. Please try again.'
      reject(new ApiError(xhr.status, message))
    }
    xhr.onerror = () =>
      reject(new ApiError(0, 'Cannot reach the shop. Check your connection and try again.'))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
