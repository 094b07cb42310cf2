import { serveTasks } from '../src/lib/task-worker'

/** A task module for task-worker.test.ts: spins for `spinMs`, then answers or throws. */
serveTasks<{ spinMs: number; fail?: string }, number>(({ spinMs, fail }) => {
  const until = Date.now() + spinMs
  while (Date.now() < until) {
    // Busy, as a key derivation or a render is: nothing else runs on this thread meanwhile.
  }
  if (fail) throw new Error(fail)
  return spinMs
})
