import { z } from 'zod'

/** Every failure the API answers has this shape; `errors` lists field problems when there are any. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorResponse = z.infer<typeof errorResponse>

export const messageResponse = z.object({ success: z.literal(true), message: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

export const healthResponse = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
})

/** Readiness: every dependency answered. A 503 in the error shape names what did not. */
export const readyResponse = z.object({
  success: z.literal(true),
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    redis: z.enum(['ok', 'not configured']),
  }),
})

/** Ids are UUIDs: unguessable, and the API calls them `_id` as the spec does. */
export const idParam = z.uuid('Invalid id')
