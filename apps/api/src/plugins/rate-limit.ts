import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'

/**
 * Per-route limits (routes opt in with `config.rateLimit`), counted in Redis when it is
 * configured so several API processes share one count, else in process memory.
 * Catalog reads are not limited here: that is the load balancer's or CDN's job.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    redis: opts.redis,
    nameSpace: 'tb-rl:',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  })
})
