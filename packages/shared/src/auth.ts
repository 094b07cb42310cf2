import { z } from 'zod'
import { messageResponse } from './api'
import { ROLES, USER_TYPES, VENDOR_STATUSES } from './constants'
import { signupConsentFields } from './privacy'
import { emailField, gstinProblem, mobileField, requiredText } from './validators'

/** The signed-in user as the API shows it: never a password or hash. */
export const sessionUser = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  userName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: z.enum(ROLES),
  type: z.enum(USER_TYPES),
  /** Only for sellers (type vendor). */
  vendorStatus: z.enum(VENDOR_STATUSES).nullable(),
  /**
   * Only in check-auth: true while the account has not agreed to the current privacy notice
   * (an account made before the notice, or under an older version; decision 82).
   */
  consentDue: z.boolean().optional(),
})
export type SessionUser = z.infer<typeof sessionUser>

export const checkAuthResponse = z.object({ success: z.literal(true), user: sessionUser })
export type CheckAuthResponse = z.infer<typeof checkAuthResponse>

export const PASSWORD_MIN = 8

export const passwordField = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(200, `${label} must be at most 200 characters`)
    .refine((value) => /[A-Za-z]/.test(value) && /[0-9]/.test(value), {
      message: `${label} is too weak: use letters and at least one number`,
    })

export const gstNumberField = requiredText('GST Number', 15)
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/**
 * Registration details. `role`/`type` say which form sent them: shopper (user/user) or seller
 * (admin/vendor); a seller must give a valid GSTIN.
 */
export const registerBody = z
  .object({
    userName: requiredText('Username', 60),
    email: emailField(),
    password: passwordField(),
    mobile: mobileField(),
    gstNumber: z.string().optional(),
    role: z.enum(ROLES).default('user'),
    type: z.enum(['user', 'vendor']).default('user'),
    // The privacy notice's version and the unticked boxes the person ticked (decision 076).
    ...signupConsentFields,
  })
  .superRefine((body, ctx) => {
    const seller = body.role === 'admin' && body.type === 'vendor'
    const shopper = body.role === 'user' && body.type === 'user'
    if (!seller && !shopper) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'Choose a shopper or seller account',
      })
    }
    if (seller) {
      const parsed = gstNumberField.safeParse(body.gstNumber ?? '')
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['gstNumber'],
          message: parsed.error.issues[0]?.message ?? 'GST Number is required',
        })
      }
    }
  })
  .transform((body) => ({
    ...body,
    gstNumber: body.type === 'vendor' ? (body.gstNumber ?? '').trim().toUpperCase() : undefined,
  }))
export type RegisterInput = z.input<typeof registerBody>

export const otpField = requiredText('Enter OTP', 6).regex(/^[0-9]{6}$/, 'OTP must be 6 digits')

/**
 * The secret step 1 answers. It names the one pending sign-up that step 2 (and a resend) may
 * complete, so a code only ever completes the sign-up it was sent for, and only in the browser
 * that asked for it. A missing one means step 1 was not done in this tab.
 */
export const registrationTokenField = z
  .string({ error: 'Please request an OTP first' })
  .trim()
  .min(1, 'Please request an OTP first')
  .max(200, 'Please request an OTP first')

/** Step 1's answer: the message to show and the token for step 2. */
export const registerResponse = messageResponse.extend({ registrationToken: z.string() })
export type RegisterResponse = z.infer<typeof registerResponse>

/** Step 2 of registration: the account is made from the pending details, not from this body. */
export const verifyOtpBody = z.object({ registrationToken: registrationTokenField, otp: otpField })
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>

/** Another code for the same pending sign-up (the details stay as step 1 sent them). */
export const resendOtpBody = z.object({ registrationToken: registrationTokenField })

export const loginBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})

export const authUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: sessionUser,
})
export type AuthUserResponse = z.infer<typeof authUserResponse>

/** A signed-in user's new password; the current one proves it is them (same rules as register). */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: passwordField('New password'),
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'New password must be different from the current one',
  })
export type ChangePasswordInput = z.infer<typeof changePasswordBody>

/** "Forgot password?": the email to mail a reset link to (the answer is the same for any email). */
export const forgotPasswordBody = z.object({ email: emailField() })
export type ForgotPasswordInput = z.infer<typeof forgotPasswordBody>

/**
 * The secret from the mailed link (`/reset-password?token=…`). A missing or mangled one is
 * answered like a used one, so its message sends the shopper for a new link.
 */
export const resetTokenField = z
  .string({ error: 'This reset link is not complete. Please ask for a new one.' })
  .trim()
  .min(1, 'This reset link is not complete. Please ask for a new one.')
  .max(200, 'This reset link is not complete. Please ask for a new one.')

/** Setting a new password from a reset link: the same strength rule as sign-up. */
export const resetPasswordBody = z.object({
  token: resetTokenField,
  newPassword: passwordField('New password'),
})
export type ResetPasswordInput = z.infer<typeof resetPasswordBody>

/**
 * Issue 31.5: the reset page asks what its link is worth before showing the form. `used` covers
 * a link used up by a newer one too (only the newest works); `invalid` one the shop never sent,
 * cut short, or deleted after it expired.
 */
export const RESET_LINK_STATES = ['valid', 'used', 'expired', 'invalid'] as const
export type ResetLinkState = (typeof RESET_LINK_STATES)[number]
export const resetLinkCheckBody = z.object({ token: resetTokenField })
export type ResetLinkCheckInput = z.infer<typeof resetLinkCheckBody>
export const resetLinkCheckResponse = z.object({
  success: z.literal(true),
  state: z.enum(RESET_LINK_STATES),
  /** What to tell the person; empty for a valid link. */
  message: z.string(),
})
export type ResetLinkCheckResponse = z.infer<typeof resetLinkCheckResponse>
