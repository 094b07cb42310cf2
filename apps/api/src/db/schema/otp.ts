import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'
import { createdAt, id } from './columns'

/**
 * One mailed OTP for a pending registration. The account only exists once the OTP is verified;
 * `pending` holds the validated details (with the password already hashed). `tokenHash` is the
 * SHA-256 of the secret the browser got at step 1: step 2 finds its row by it, never by email,
 * and a resend adds a row with the same token, of which only the newest counts. An empty
 * `codeHash` matches no code (the email belonged to an account, whose owner got a notice instead).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register'] })
      .notNull()
      .default('register'),
    codeHash: text('code_hash').notNull(),
    /**
     * The other code of the sign-up, sent by SMS to the mobile given (decision 093): either code
     * completes it, and this one also marks the mobile verified. Null when none was sent.
     */
    smsCodeHash: text('sms_code_hash'),
    // Null only on rows from before tokens existed; those can no longer be completed.
    tokenHash: text('token_hash'),
    pending: jsonb('pending').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_requests_email_idx').on(t.email, t.createdAt),
    index('otp_requests_token_idx').on(t.tokenHash, t.createdAt),
  ],
)

/**
 * One sign-in code sent by SMS to an account's verified mobile (decision 093). Only the newest
 * unconsumed row of a number counts; `attempts` caps the guesses at it, as for sign-up codes.
 */
export const mobileSignInCodes = pgTable(
  'mobile_sign_in_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('mobile_sign_in_codes_mobile_idx').on(t.mobile, t.createdAt)],
)
