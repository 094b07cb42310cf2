import { UPLOAD_KINDS } from '@techbazaar/shared'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'
import { createdAt } from './columns'

/**
 * A direct (browser → S3) multipart upload that was started and not yet completed or aborted.
 * The row is what ties a server-made `incoming/` key to the user who may complete or abort it:
 * the client only ever names the key, and a key that is not its own is not found.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    uploadId: text('upload_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    size: integer('size').notNull(),
    partCount: integer('part_count').notNull(),
    /** After this the upload is abandoned: it cannot be completed, and is aborted when seen. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_uploads_user_idx').on(t.userId, t.expiresAt)],
)
