import {
  authUserResponse,
  changePasswordBody,
  checkAuthResponse,
  loginBody,
  messageResponse,
  registerBody,
  verifyOtpBody,
} from '@techbazaar/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app'
import { assertSelf } from '../../plugins/auth'
import { changePassword, login, requestRegistration, verifyRegistration } from './auth.service'
import { revokeSession, SESSION_COOKIE } from './sessions'

export async function authRoutes(app: App) {
  const { config } = app.deps
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    path: '/',
  }
  const startSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions,
      maxAge: config.sessionDays * 86_400,
    })
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  })

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Step 1 of registration: validate and mail a one-time password',
        body: registerBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await requestRegistration(app.deps, request.body, request.ip)),
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
    async (request, reply) => {
      const { user, token } = await login(app.deps, request.body, meta(request))
      startSession(reply, token)
      return { success: true as const, message: 'Logged in successfully', user }
    },
  )

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: messageResponse } },
    },
    async (request, reply) => {
      if (request.user) await revokeSession(app.deps.db, request.user.sessionId)
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
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
      const { token } = await changePassword(app.deps, user, request.body, meta(request))
      startSession(reply, token)
      return {
        success: true as const,
        message: 'Password changed. You have been signed out on your other devices.',
      }
    },
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
      return { success: true as const, user }
    },
  )
}
