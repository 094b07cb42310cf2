import { afterAll, describe, expect, it } from 'vitest'
import { TaskTimeoutError, TaskWorker } from './task-worker'

const fixture = new URL('../../test/task-worker-fixture.ts', import.meta.url)
const worker = new TaskWorker<{ spinMs: number; fail?: string }, number>(fixture, 1500)
afterAll(() => worker.close())

describe('TaskWorker', () => {
  it('runs tasks in order off the event loop, passing errors back', async () => {
    expect(await worker.run({ spinMs: 1 })).toBe(1)
    let ticks = 0
    const timer = setInterval(() => ticks++, 10)
    const results = await Promise.all([worker.run({ spinMs: 300 }), worker.run({ spinMs: 2 })])
    clearInterval(timer)
    expect(results).toEqual([300, 2])
    // The event loop kept turning while the thread spun.
    expect(ticks).toBeGreaterThan(5)
    await expect(worker.run({ spinMs: 0, fail: 'no luck' })).rejects.toThrow('no luck')
  })

  it('terminates a task past its time limit, and runs the next in a fresh thread', async () => {
    const runaway = worker.run({ spinMs: 60_000 })
    const after = worker.run({ spinMs: 5 })
    await expect(runaway).rejects.toBeInstanceOf(TaskTimeoutError)
    expect(await after).toBe(5)
  })
})
