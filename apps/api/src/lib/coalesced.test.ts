import { describe, expect, it } from 'vitest'
import { coalesced } from './coalesced'

/** Runs that finish when the test says, each numbered in the order it started. */
function controlledRuns() {
  const started: { finish(): void; fail(): void }[] = []
  const run = () =>
    new Promise<void>((resolve, reject) => {
      started.push({ finish: resolve, fail: () => reject(new Error('run failed')) })
    })
  return { run, started }
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('coalesced', () => {
  it('answers a lone caller by its own run', async () => {
    const { run, started } = controlledRuns()
    const call = coalesced(run)
    let done = false
    void call().then(() => (done = true))
    expect(started).toHaveLength(1)
    started[0]!.finish()
    await settled()
    expect(done).toBe(true)
  })

  it('gives callers during a run one shared run that starts after it, never the earlier one', async () => {
    const { run, started } = controlledRuns()
    const call = coalesced(run)
    const first = { done: false }
    const later = Array.from({ length: 100 }, () => ({ done: false }))
    void call().then(() => (first.done = true))
    for (const caller of later) void call().then(() => (caller.done = true))
    expect(started).toHaveLength(1) // the hundred wait; nothing is queued on the connection yet
    started[0]!.finish()
    await settled()
    expect(first.done).toBe(true)
    expect(later.some((caller) => caller.done)).toBe(false) // run 1 began before they called
    expect(started).toHaveLength(2)
    started[1]!.finish()
    await settled()
    expect(later.every((caller) => caller.done)).toBe(true)
    expect(started).toHaveLength(2)
  })

  it('starts the next run after a failed one, and lets each caller see its own run fail', async () => {
    const { run, started } = controlledRuns()
    const call = coalesced(run)
    const first = call()
    const second = call()
    started[0]!.fail()
    await expect(first).rejects.toThrow('run failed')
    await settled()
    expect(started).toHaveLength(2)
    started[1]!.finish()
    await expect(second).resolves.toBeUndefined()
    const third = call()
    expect(started).toHaveLength(3)
    started[2]!.finish()
    await expect(third).resolves.toBeUndefined()
  })
})
