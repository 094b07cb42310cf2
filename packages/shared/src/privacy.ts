import { z } from 'zod'
import { messageResponse } from './api'

/**
 * The privacy notice shown at sign-up (DPDP Act 2023 s.5, DPDP Rules 2025 r.3). Its version is
 * recorded with every consent, so the shop can show which text a person agreed to; change the
 * version whenever the items or purposes below change (decision 076).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28'

/**
 * What consent is asked for. `account` is the purpose the shop cannot work without (an account,
 * orders, delivery, invoices); withdrawing it is deleting the account. `marketing` is optional
 * and can be given or withdrawn alone at any time.
 */
export const CONSENT_PURPOSES = ['account', 'marketing'] as const
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number]

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  account: 'My account, orders, delivery and invoices',
  marketing: 'Offers and news by email',
}

/** One itemised line of the notice: the data, and what it is used for (r.3(a) and (b)). */
export interface NoticeItem {
  data: string
  purpose: string
}

/** The personal data the shop processes for the account purpose, item by item. */
export const PRIVACY_NOTICE_ITEMS: readonly NoticeItem[] = [
  { data: 'Name', purpose: 'To address you, and to print on parcels and tax invoices' },
  { data: 'Email address', purpose: 'To sign you in and send sign-up codes and order updates' },
  { data: 'Mobile number', purpose: 'For the courier to reach you about a delivery' },
  { data: 'Password (stored only as a hash)', purpose: 'To check it is you when you sign in' },
  {
    data: 'Delivery addresses',
    purpose: 'To deliver your orders and work out the GST place of supply',
  },
  {
    data: 'Orders, payments and returns',
    purpose: 'To sell, deliver, refund and keep the accounts the tax law requires',
  },
  { data: 'Reviews you write', purpose: 'To show them on the product page with your name' },
  {
    data: 'Products you save to your wishlist',
    purpose: 'To keep them for you, and to mail you about price drops and restocks if you ask',
  },
  { data: 'Messages you send us', purpose: 'To answer them' },
  {
    data: 'Devices and IP addresses of your sign-ins',
    purpose: 'To keep your account safe from other people',
  },
]

/** The optional purpose, described apart from the account's items (r.3(b)). */
export const MARKETING_NOTICE =
  'Your email address, to send you offers and news. Optional: you can stop them at any time in your account.'

const CONSENT_REQUIRED = 'Please agree to the privacy notice to create an account'

/** The sign-up form's consent fields: the notice's version, and the boxes the person ticked. */
export const signupConsentFields = {
  noticeVersion: z
    .string({ error: 'Please read the privacy notice again' })
    .max(40)
    .refine(
      (v) => v === PRIVACY_NOTICE_VERSION,
      'The privacy notice has changed. Please reload the page and read it again.',
    ),
  /** Must be ticked by the person: never sent pre-ticked by the form. */
  consentAccount: z
    .boolean({ error: CONSENT_REQUIRED })
    .refine((ticked) => ticked, CONSENT_REQUIRED),
  consentMarketing: z.boolean().default(false),
}

export const consentView = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  noticeVersion: z.string(),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
})
export type ConsentView = z.infer<typeof consentView>

/** Each purpose's latest consent record, or none when it was never given. */
export const consentsResponse = z.object({
  success: z.literal(true),
  noticeVersion: z.string(),
  /** True until the account's purpose is agreed to under the current notice (decision 82). */
  consentDue: z.boolean(),
  consents: z.array(consentView),
})
export type ConsentsResponse = z.infer<typeof consentsResponse>

/**
 * An existing account agreeing to the current notice (decision 82): the same fields as at
 * sign-up, the account's box ticked by the person, marketing optional and unticked by default.
 */
export const acceptNoticeBody = z.object(signupConsentFields)
export type AcceptNoticeInput = z.input<typeof acceptNoticeBody>

/** Only the optional purposes are given or withdrawn alone; the account's goes by deletion. */
export const OPTIONAL_CONSENT_PURPOSES = ['marketing'] as const
export const consentPurposeParams = z.object({
  purpose: z.enum(OPTIONAL_CONSENT_PURPOSES, 'Unknown purpose'),
})

/** Deleting an account: the password proves it is its owner at the keyboard. */
export const deleteAccountBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export type DeleteAccountInput = z.infer<typeof deleteAccountBody>

export const deleteAccountResponse = messageResponse
