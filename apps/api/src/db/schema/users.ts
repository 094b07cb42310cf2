import { ROLES, USER_TYPES, VENDOR_STATUSES } from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'

export const users = pgTable(
  'users',
  {
    id: id(),
    userName: text('user_name').notNull(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    /**
     * When the owner proved the mobile is theirs (the sign-up code that came by SMS; decision
     * 093). Only a verified mobile signs in by OTP, and one number is verified on one account at
     * most: proving it again elsewhere (a recycled number) takes it from the older account.
     */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** The order messages (SMS_NOTICE_KINDS) the shopper turned off for SMS; OTPs always go. */
    smsMuted: text('sms_muted')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    role: text('role', { enum: ROLES }).notNull(),
    type: text('type', { enum: USER_TYPES }).notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Set when the owner deleted the account: the row stays (orders and invoices point at it)
     * with no name, email or phone left in it (decision 076). Such a row signs nobody in.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_verified_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobileVerifiedAt} IS NOT NULL`),
    check('users_role_type_check', sql`(${t.role} = 'user') = (${t.type} = 'user')`),
  ],
)

/** A seller's business profile: GSTIN and the admin's verdict. */
export const vendorProfiles = pgTable(
  'vendor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstNumber: text('gst_number'),
    /** The supplier's legal name and address on GST tax invoices (Rule 46). */
    businessName: text('business_name'),
    addressLine: text('address_line'),
    city: text('city'),
    /** Two-digit GST state code; invoices fall back to the GSTIN's first two digits. */
    stateCode: text('state_code'),
    pincode: text('pincode'),
    /**
     * Aggregate turnover above ₹5 crore in the previous year: its invoices must print six-digit
     * HSN codes (four otherwise; notification 78/2020-CT).
     */
    turnoverAbove5Cr: boolean('turnover_above_5cr').notNull().default(false),
    /**
     * The seller's PAN: TDS under s.194-O is 0.1% with it and 5% without (s.206AA). Entered with
     * the payout details (decision 060); null until then.
     */
    pan: text('pan'),
    /** The name on the PAN, as the seller typed it (Form 26Q and 16A name the deductee). */
    panName: text('pan_name'),
    /**
     * The registration the GST network answered when the seller was last approved (issue 30.10):
     * a composition dealer (CGST s.10) issues bills of supply without GST and sells only within
     * its state (Notification 36/2023-CT); 'regular' until verified.
     */
    gstRegistrationType: text('gst_registration_type', { enum: ['regular', 'composition'] })
      .notNull()
      .default('regular'),
    /** The legal name the GST network holds for the GSTIN, and when it was asked. */
    gstinLegalName: text('gstin_legal_name'),
    gstinVerifiedAt: timestamp('gstin_verified_at', { withTimezone: true }),
    /**
     * What an admin's re-check of an approved seller's GSTIN found wrong (cancelled, suspended,
     * unknown; decision 78): its listings are suspended while set. Null: nothing found.
     */
    gstinProblem: text('gstin_problem'),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('Pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Only an approved seller holds its GSTIN: a sign-up that merely typed one (pending) or a
    // rejected seller reserves nothing, so nobody can lock a company out by registering first.
    uniqueIndex('vendor_profiles_approved_gst_number_key')
      .on(t.gstNumber)
      .where(sql`${t.status} = 'Approved'`),
    index('vendor_profiles_gst_number_idx').on(t.gstNumber),
    index('vendor_profiles_status_idx').on(t.status),
  ],
)

/** Server-side sessions: only the SHA-256 of the token is stored, so a database leak is no login. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
)

/**
 * One "Forgot password?" mail: the SHA-256 of the link's token (the token itself is only in the
 * mail), valid until `expiresAt`, used at most once (`consumedAt`). A newer request for the same
 * account consumes the older ones, so only the newest mailed link works.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
)
