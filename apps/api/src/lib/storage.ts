import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'
import { createS3Storage } from './s3-storage'

/**
 * Where uploaded images live. Keys are server-made (`u/<random>.webp`), never a client's file
 * name. Local disk under DATA_DIR/uploads (served at /uploads) by default; S3-compatible object
 * storage (lib/s3-storage.ts) when configured, which also takes uploads straight from browsers.
 */
export interface Storage {
  /** Stores `body` under `key` and answers its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>
  /** Whether `url` names a file this storage holds (so records only point at our own images). */
  exists(url: string): Promise<boolean>
  /** Deletes the file `url` names (retention and account deletion); a missing one is no error. */
  remove(url: string): Promise<void>
  /** Browser-to-store multipart uploads; only object storage has them. */
  direct?: DirectUploads
}

/** The store's side of a presigned multipart upload (docs/decisions/026-s3-image-storage.md). */
export interface DirectUploads {
  /**
   * Starts a multipart upload of `size` bytes at `key` and presigns one UploadPart URL per
   * part (each pinned to its exact length) that works until `expiresAt`.
   */
  start(
    key: string,
    opts: { contentType: string; size: number; now: Date; expiresAt: Date },
  ): Promise<{ uploadId: string; parts: { partNumber: number; url: string }[] }>
  complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void>
  /** Drops an unfinished upload and its parts; an unknown one is no error. */
  abort(key: string, uploadId: string): Promise<void>
  /** The object's bytes, or 'too-large' (unread) when it has more than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | 'too-large'>
  /** Deletes an object; a missing one is no error. */
  remove(key: string): Promise<void>
}

const PUBLIC_PREFIX = '/uploads/'
const SAFE_KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.[a-z0-9]+$/i

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`)
    return path.join(root, ...key.split('/'))
  }
  return {
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // 'wx': a name is never reused, so an existing file means a bug, not an overwrite.
      await writeFile(file, body, { flag: 'wx' })
      return PUBLIC_PREFIX + key
    },
    async exists(url) {
      if (!url.startsWith(PUBLIC_PREFIX)) return false
      const key = url.slice(PUBLIC_PREFIX.length)
      if (!SAFE_KEY.test(key)) return false
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      )
    },
    async remove(url) {
      if (!url.startsWith(PUBLIC_PREFIX)) return
      const key = url.slice(PUBLIC_PREFIX.length)
      if (!SAFE_KEY.test(key)) return
      await rm(fileOf(key), { force: true })
    },
  }
}

/** The storage the config asks for: S3 when configured, else the data directory. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'uploads'))
}
