/**
 * Shares one run of `run` among the callers that arrive while it waits to start, and answers
 * each caller only by a run that started after it called.
 *
 * For round trips that prove "everything before my call has arrived" (the LISTEN connection's
 * `SELECT 1`, decision 024): a hundred writes finishing together need two round trips (the one
 * in flight and one after it), not a hundred queued one behind another on the one connection.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let waiting: Promise<void> | undefined
  const start = (): Promise<void> => {
    const current: Promise<void> = run().finally(() => {
      if (running === current) running = undefined
    })
    running = current
    return current
  }
  return () => {
    if (waiting) return waiting
    if (!running) return start()
    // The run in flight may have started before this call: the next one is this caller's.
    const next = running
      .catch(() => {})
      .then(() => {
        waiting = undefined
        return start()
      })
    waiting = next
    return next
  }
}
