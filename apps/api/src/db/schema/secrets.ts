import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/**
 * Keys the server makes for itself on first use (e.g. the device cookie's HMAC key): every
 * process on the same database reads the same one, and a fresh install needs no setting.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
