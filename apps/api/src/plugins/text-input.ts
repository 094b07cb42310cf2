import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../lib/errors'

/** A UTF-16 surrogate without its partner: no character, and nothing UTF-8 can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL cannot store: U+0000, or a lone surrogate (jsonb refuses its escape). */
const invalidText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** Whether a parsed body, query or params object holds invalid text in any string or key. */
function hasInvalidText(value: unknown): boolean {
  // A loop, not recursion: a JSON body may be nested thousands of levels deep.
  const pending = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (invalidText(item)) return true
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, member] of Object.entries(item)) {
        if (invalidText(key)) return true
        pending.push(member)
      }
    }
  }
  return false
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate's escape, so
 * either in any input would fail in SQL as a 500 (a mail queued as jsonb carries what was typed).
 * No field of the shop needs one: every route refuses them up front with a 400.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (
      hasInvalidText(request.params) ||
      hasInvalidText(request.query) ||
      hasInvalidText(request.body)
    ) {
      throw badRequest('The request contains invalid characters')
    }
  })
})
