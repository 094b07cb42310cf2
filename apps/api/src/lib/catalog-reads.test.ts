import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { createCatalogReads, walPosition } from './catalog-reads'
import { notFound } from './errors'

/** Two stand-ins for the pools: a read answers with the name of the one it was given. */
const primary = { name: 'primary' } as unknown as Db
const replica = { name: 'replica' } as unknown as Db
const where = async (db: Db) => (db as unknown as { name: string }).name

/** A promise the test settles when it likes. */
function held<T>() {
  let resolve!: (value: T) => void
  let reject!: (err: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * The rule with the primary's WAL position and the replica's replay position played by the
 * test: `primaryAt` is where the primary's WAL is, `replayedTo` how far the replica has come.
 */
function setup(opts: { now?: () => number } = {}) {
  const wal = { primaryAt: 100n, replayedTo: 100n as bigint | null }
  const asked = { primary: 0, replica: 0 }
  let primaryAnswer: (() => Promise<bigint>) | undefined
  let replicaAnswer: (() => Promise<bigint | null>) | undefined
  const troubles: unknown[] = []
  const reads = createCatalogReads({
    primary,
    replica,
    primaryPosition: () => {
      asked.primary++
      return primaryAnswer ? primaryAnswer() : Promise.resolve(wal.primaryAt)
    },
    replayedPosition: () => {
      asked.replica++
      return replicaAnswer ? replicaAnswer() : Promise.resolve(wal.replayedTo)
    },
    checkWaitMs: 50,
    restMs: 1000,
    now: opts.now,
    onReplicaTrouble: (problem) => troubles.push(problem),
  })
  const feed = reads.feed!
  return {
    reads,
    feed,
    wal,
    asked,
    troubles,
    read: () => reads.read(where),
    /** Makes the next position questions wait for the test. */
    holdPrimary(answer: () => Promise<bigint>) {
      primaryAnswer = answer
    },
    holdReplica(answer: (() => Promise<bigint | null>) | undefined) {
      replicaAnswer = answer
    },
  }
}

/** Lets the settled promises' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('catalog reads without a replica', () => {
  it('all go to the primary, and nothing listens for them', async () => {
    const reads = createCatalogReads({ primary })
    expect(reads.replicated).toBe(false)
    expect(reads.feed).toBeUndefined()
    expect(await reads.read(where)).toBe('primary')
  })
})

describe('catalog reads with a replica', () => {
  it('go to the primary until the change feed is up, then to a replica that is current', async () => {
    const s = setup()
    expect(await s.read()).toBe('primary')
    expect(s.asked).toEqual({ primary: 0, replica: 0 })
    s.feed.onUp?.()
    await settle()
    expect(await s.read()).toBe('replica')
    expect(s.reads.stats()).toEqual({ replica: 1, primary: 1, replicaFailures: 0 })
  })

  it('ask the replica how far it is once per position, not once per read', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    for (let i = 0; i < 5; i++) expect(await s.read()).toBe('replica')
    expect(s.asked).toEqual({ primary: 1, replica: 1 })
  })

  it('go to the primary after a change until its position is known and replayed', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    expect(await s.read()).toBe('replica')

    // A change commits at 200; its notification arrives; the position question is under way.
    s.wal.primaryAt = 200n
    const position = held<bigint>()
    s.holdPrimary(() => position.promise)
    s.feed.onNotify()
    expect(await s.read()).toBe('primary')
    expect(await s.read()).toBe('primary')
    // One question for the event, however many reads came meanwhile.
    expect(s.asked.primary).toBe(2)

    // The primary says 200; the replica has replayed up to 150 only.
    s.wal.replayedTo = 150n
    position.resolve(200n)
    await settle()
    expect(await s.read()).toBe('primary')
    expect(await s.read()).toBe('primary')

    // It catches up: the next read finds it there and goes to it.
    s.wal.replayedTo = 200n
    expect(await s.read()).toBe('replica')
    const asked = s.asked.replica
    expect(await s.read()).toBe('replica')
    expect(s.asked.replica).toBe(asked)
  })

  it('keep to the primary when a second change arrives while the first one is being located', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    const first = held<bigint>()
    const second = held<bigint>()
    let questions = 0
    s.holdPrimary(() => (++questions === 1 ? first.promise : second.promise))
    s.feed.onNotify()
    s.feed.onNotify()
    // The answer to the question asked before the second notification covers only the first.
    s.wal.replayedTo = 150n
    first.resolve(150n)
    await settle()
    expect(await s.read()).toBe('primary')
    // The second change is located next (the question asked after it arrived), at 300.
    second.resolve(300n)
    await settle()
    expect(await s.read()).toBe('primary')
    s.wal.replayedTo = 300n
    expect(await s.read()).toBe('replica')
    expect(questions).toBe(2)
  })

  it('go to the primary while the change feed is down, and again only after it is back', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    expect(await s.read()).toBe('replica')
    s.feed.onDown?.()
    expect(await s.read()).toBe('primary')
    // Back up: what changed meanwhile is covered by the position taken after it came back.
    s.wal.primaryAt = 500n
    s.feed.onUp?.()
    expect(await s.read()).toBe('primary')
    await settle()
    expect(await s.read()).toBe('primary')
    s.wal.replayedTo = 500n
    expect(await s.read()).toBe('replica')
  })

  it('ask the primary again on the next read when it could not say its position', async () => {
    const s = setup()
    s.holdPrimary(() => Promise.reject(new Error('primary away')))
    s.feed.onUp?.()
    await settle()
    expect(await s.read()).toBe('primary')
    // It answers again: the next read still goes to the primary but asks, the one after is served.
    s.holdPrimary(() => Promise.resolve(100n))
    expect(await s.read()).toBe('primary')
    await settle()
    expect(await s.read()).toBe('replica')
  })

  it('do a failed replica read again on the primary, and rest the replica a while', async () => {
    let clock = 0
    const s = setup({ now: () => clock })
    s.feed.onUp?.()
    await settle()
    let calls = 0
    const flaky = async (db: Db) => {
      calls++
      if ((await where(db)) === 'replica') throw new Error('canceling statement due to conflict')
      return 'primary answered'
    }
    expect(await s.reads.read(flaky)).toBe('primary answered')
    expect(calls).toBe(2)
    expect(s.reads.stats()).toMatchObject({ replicaFailures: 1 })
    expect(s.troubles).toHaveLength(1)
    // Resting: straight to the primary, the replica not even asked.
    const asked = s.asked.replica
    expect(await s.read()).toBe('primary')
    expect(s.asked.replica).toBe(asked)
    // After the rest it is asked again and used.
    clock += 1000
    expect(await s.read()).toBe('replica')
  })

  it('pass the shop’s own answers (404) through without trying the primary', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    let calls = 0
    const missing = async () => {
      calls++
      throw notFound('Product not found')
    }
    await expect(s.reads.read(missing)).rejects.toThrow('Product not found')
    expect(calls).toBe(1)
    expect(s.troubles).toEqual([])
  })

  it('never use a server that is not replaying (a promoted standby, a primary)', async () => {
    const s = setup()
    s.wal.replayedTo = null
    s.feed.onUp?.()
    await settle()
    expect(await s.read()).toBe('primary')
    expect(String(s.troubles[0])).toMatch(/not a standby/)
  })

  it('go to the primary when the replica does not answer the check in time, and say so once', async () => {
    const s = setup()
    s.feed.onUp?.()
    await settle()
    s.holdReplica(() => new Promise(() => {}))
    expect(await s.read()).toBe('primary')
    expect(await s.read()).toBe('primary')
    expect(s.troubles).toHaveLength(1)
    expect(String(s.troubles[0])).toMatch(/did not answer within 50 ms/)
  })
})

describe('WAL positions', () => {
  it('compare in WAL order, not as text', () => {
    expect(walPosition('0/3016240')).toBe(0x3016240n)
    expect(walPosition('1/0')).toBe(1n << 32n)
    expect(walPosition('A/FFFFFFFF') < walPosition('B/0')).toBe(true)
    expect(walPosition('0/9') < walPosition('0/10')).toBe(true)
    expect(() => walPosition('nonsense')).toThrow(/not a WAL position/)
  })
})
