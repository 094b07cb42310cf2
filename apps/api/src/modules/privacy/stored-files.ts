import type { AppDeps } from '../../app-types'

/**
 * Removes uploaded files (return photos) by their public URLs. A file already gone is no error;
 * one that cannot be removed now is logged and left: the record no longer points at it.
 */
export async function removeStoredFiles(
  deps: Pick<AppDeps, 'storage'> & { log?: { warn(obj: object, msg: string): void } },
  urls: readonly string[],
): Promise<number> {
  let removed = 0
  for (const url of urls) {
    try {
      await deps.storage.remove(url)
      removed++
    } catch (error) {
      deps.log?.warn({ err: error, url }, 'could not remove a stored file')
    }
  }
  return removed
}
