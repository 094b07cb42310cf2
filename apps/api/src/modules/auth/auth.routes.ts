import {
  authUserResponse,
  changePasswordBody,
  checkAuthResponse,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  mobileOtpRequestBody,
  mobileOtpVerifyBody,
  registerBody,
  registerResponse,
  resendOtpBody,
  resetLinkCheckBody,
  resetLinkCheckResponse,
  resetPasswordBody,
  verifyOtpBody,
} from '@techbazaar/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import {
  changePassword,
  login,
  requestRegistration,
  resendRegistrationCode,
  verifyRegistration,
} from './auth.service'
import { shopCookies } from '../../lib/cookies'
import { deviceCookies } from './devices'
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset'
import { revokeSession } from './sessions'
import { isConsentDue } from './consent-due'
import { requestMobileSignIn, verifyMobileSignIn } from './mobile-sign-in'
import { smsPreferencesRoutes } from './sms-preferences'

/** A sign-in's check of the shopper's proof, given the request's address, browser and device. */
type SignInCheck = (meta: Parameters<typeof login>[2]) => ReturnType<typeof login>

export async function authRoutes(app: App) {
  const cookies = shopCookies(app.deps.config)
  const devices = deviceCookies(app.deps.db)
  const startSession = (reply: FastifyReply, token: string) =>
    reply
      .setCookie(cookies.session.name, token, cookies.session.options)
      .setCookie(cookies.signedIn.name, '1', cookies.signedIn.options)
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  })
  /** The device this browser's cookie names, checked by sign-in against the account. */
  const device = (request: FastifyRequest) => devices.read(request.cookies[cookies.device.name])
  /**
   * Signs in by `check` (the password, or a mobile OTP) from this request and its device: starts
   * the session and renews the device cookie, so the device stays known while it is used.
   */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, check: SignInCheck) => {
    const { user, token, deviceId } = await check({
      ...meta(request),
      device: await device(request),
    })
    startSession(reply, token)
    reply.setCookie(
      cookies.device.name,
      await devices.sign(deviceId, user.id),
      cookies.device.options,
    )
    return { success: true as const, message: 'Logged in successfully', user }
  }

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Step 1 of registration: validate and mail a one-time password; answers the token step 2 needs',
        body: registerBody,
        response: { 200: registerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await requestRegistration(app.deps, request.body, request.ip)),
    }),
  )

  app.post(
    '/auth/resendOtp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mails a new one-time password for the sign-up the token from step 1 names',
        body: resendOtpBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await resendRegistrationCode(app.deps, request.body.registrationToken, request.ip)),
    }),
  )

  app.post(
    '/auth/verifyOtp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Step 2 of registration: check the OTP, create the account and sign in',
        body: verifyOtpBody,
        response: { 201: authUserResponse },
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { user, token } = await verifyRegistration(app.deps, request.body, meta(request))
      startSession(reply, token)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Registration successful', user })
    },
  )

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: authUserResponse } },
    },
    async (request, reply) =>
      signIn(request, reply, (signInMeta) => login(app.deps, request.body, signInMeta)),
  )

  app.post(
    '/auth/mobile/request-otp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in with mobile number, step 1: an OTP by SMS to a shopper's verified mobile; the same answer for any number",
        body: mobileOtpRequestBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await requestMobileSignIn(app.deps, request.body, request.ip)),
    }),
  )

  app.post(
    '/auth/mobile/verify',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with mobile number, step 2: check the OTP and sign in as the password does',
        body: mobileOtpVerifyBody,
        response: { 200: authUserResponse },
      },
    },
    async (request, reply) =>
      signIn(request, reply, (signInMeta) =>
        verifyMobileSignIn(app.deps, request.body, signInMeta),
      ),
  )

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: messageResponse } },
    },
    async (request, reply) => {
      if (request.user) await revokeSession(app.deps.db, request.user.sessionId)
      reply
        .clearCookie(cookies.session.name, cookies.session.options)
        .clearCookie(cookies.signedIn.name, cookies.signedIn.options)
      return { success: true as const, message: 'Logged out successfully' }
    },
  )

  app.post(
    '/auth/change-password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Changes the password, ends every session and signs this device in afresh',
        body: changePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const { token } = await changePassword(app.deps, user, request.body, {
        ...meta(request),
        device: await device(request),
      })
      startSession(reply, token)
      return {
        success: true as const,
        message: 'Password changed. You have been signed out on your other devices.',
      }
    },
  )

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Mails a single-use link to set a new password; the same answer whether or not the email has an account',
        body: forgotPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await requestPasswordReset(app.deps, request.body, { ip: request.ip })),
    }),
  )

  app.post(
    '/auth/reset-password',
    {
      // The link's 256-bit token is what grants this; the limit only keeps floods off argon2.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sets a new password from a mailed link, ends every session and signs this device in',
        body: resetPasswordBody,
        response: { 200: authUserResponse },
      },
    },
    async (request, reply) => {
      const { user, token } = await resetPassword(app.deps, request.body, meta(request))
      startSession(reply, token)
      return {
        success: true as const,
        message: 'Password changed. You are signed in, and signed out on your other devices.',
        user,
      }
    },
  )

  app.post(
    '/auth/reset-password/check',
    {
      // Reads only; the token in a body, not a query, stays out of access logs.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary:
          'Whether a mailed reset link still works (valid, used, expired or invalid), before its form is shown',
        body: resetLinkCheckBody,
        response: { 200: resetLinkCheckResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await checkResetLink(app.deps, request.body)),
    }),
  )

  app.get(
    '/auth/check-auth',
    {
      schema: { tags: ['auth'], response: { 200: checkAuthResponse } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const { sessionId: _sessionId, ...user } = request.user!
      // Asked of every signed-in page load: the web shows the notice while it is due (decision 82).
      const consentDue = await isConsentDue(app.deps.db, user.id)
      return { success: true as const, user: { ...user, consentDue } }
    },
  )

  await smsPreferencesRoutes(app)
}
