import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../lib/errors'

/** Whether a parsed body, query or params object holds U+0000 in any string or key. */
function hasNul(value: unknown): boolean {
  // A loop, not recursion: a JSON body may be nested thousands of levels deep.
  const pending = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, member] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        pending.push(member)
      }
    }
  }
  return false
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL in any input would fail in SQL as a
 * 500. No field of the shop needs one: every route refuses it up front with a 400.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw badRequest('The request contains invalid characters')
    }
  })
})
