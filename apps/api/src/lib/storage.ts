import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'

/**
 * Where uploaded images live. Keys are server-made (`u/<random>.webp`), never a client's file
 * name. Local disk under DATA_DIR/uploads (served at /uploads) is the only implementation today;
 * an S3-compatible one would implement the same two calls.
 */
export interface Storage {
  /** Stores `body` under `key` and answers its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>
  /** Whether `url` names a file this storage holds (so records only point at our own images). */
  exists(url: string): Promise<boolean>
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
  }
}

/** The storage the config asks for (local disk; S3-compatible storage is not built yet). */
export function storageFor(config: Pick<Config, 'dataDir'>): Storage {
  return createLocalStorage(path.join(config.dataDir, 'uploads'))
}
