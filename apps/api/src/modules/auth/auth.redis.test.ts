import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'

// Two API processes behind one load balancer share sign-in lockouts through Redis.
describe.runIf(process.env.TEST_REDIS_URL)('sign-in lockout with REDIS_URL (scale-out)', () => {
  let a: TestContext
  let b: TestContext
  let redisA: Redis
  let redisB: Redis
  const email = `scale-${crypto.randomUUID().slice(0, 8)}@example.in`

  beforeAll(async () => {
    redisA = new Redis(process.env.TEST_REDIS_URL ?? '')
    redisB = new Redis(process.env.TEST_REDIS_URL ?? '')
    a = await createTestApp({ deps: { redis: redisA } })
    b = await createTestApp({ deps: { redis: redisB } })
    await b.database.db.insert(users).values({
      userName: 'Scale User',
      email,
      passwordHash: await hashPassword('Right123'),
      role: 'user',
      type: 'user',
    })
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    await redisA.quit()
    await redisB.quit()
  })

  it('counts failures made on one process when the other is asked', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong123' },
        remoteAddress: `10.7.0.${i}`,
      })
      expect(res.statusCode).toBe(401)
    }
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Right123' },
      remoteAddress: '10.7.1.1',
    })
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })
})
