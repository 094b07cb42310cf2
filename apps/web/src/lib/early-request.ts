// Requests the entry chunk starts before React Query and the page's code have loaded (the
// session; on the home page, its banners), handed to the first query that needs them. Every
// later fetch (a retry, a refetch) asks the server again.

const early = new Map<string, Promise<unknown>>()

export function startEarly(key: string, request: () => Promise<unknown>) {
  const started = request()
  // A failure belongs to the query that takes the request; never an unhandled rejection.
  started.catch(() => {})
  early.set(key, started)
}

/** The early request under `key` the first time, `request()` afterwards. */
export function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const started = early.get(key) as Promise<T> | undefined
  early.delete(key)
  return started ?? request()
}
