import {
  acceptNoticeBody,
  consentPurposeParams,
  consentsResponse,
  deleteAccountBody,
  deleteAccountResponse,
  PRIVACY_NOTICE_VERSION,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { shopCookies } from '../../lib/cookies'
import { assertSelf } from '../../plugins/auth'
import { isConsentDue } from '../auth'
import { acceptNotice, giveConsent, listConsents, withdrawConsent } from './consents'
import { deleteAccount } from './deletion'
import { buildExport } from './export'

/** The signed-in person's privacy rights (issue 30.11, decision 076): consents, export, erasure. */
export async function privacyRoutes(app: App) {
  const { db } = app.deps
  const cookies = shopCookies(app.deps.config)
  const answerConsents = async (userId: string) => ({
    success: true as const,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    consentDue: await isConsentDue(db, userId),
    consents: await listConsents(db, userId),
  })

  app.post(
    '/shop/privacy/notice',
    {
      config: { access: 'user' },
      schema: {
        tags: ['privacy'],
        summary:
          'An account made before the current privacy notice agrees to it (account purpose required, marketing optional); recorded with the version',
        body: acceptNoticeBody,
        response: { 200: consentsResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      await acceptNotice(db, user.id, request.body, app.deps.now())
      return answerConsents(user.id)
    },
  )

  app.get(
    '/shop/privacy/consents',
    {
      config: { access: 'user' },
      schema: {
        tags: ['privacy'],
        summary: 'The consents given, per purpose, with the notice version and any withdrawal',
        response: { 200: consentsResponse },
      },
    },
    async (request) => answerConsents(assertSelf(request, undefined).id),
  )

  app.put(
    '/shop/privacy/consents/:purpose',
    {
      config: { access: 'user' },
      schema: {
        tags: ['privacy'],
        summary: 'Gives consent to an optional purpose (marketing mails) under the current notice',
        params: consentPurposeParams,
        response: { 200: consentsResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      await giveConsent(db, user.id, request.params.purpose, app.deps.now())
      return answerConsents(user.id)
    },
  )

  app.delete(
    '/shop/privacy/consents/:purpose',
    {
      config: { access: 'user' },
      schema: {
        tags: ['privacy'],
        summary:
          "Withdraws consent to an optional purpose; the account's own purpose is withdrawn by deleting the account",
        params: consentPurposeParams,
        response: { 200: consentsResponse },
      },
    },
    async (request) => {
      const user = assertSelf(request, undefined)
      await withdrawConsent(db, user.id, request.params.purpose, app.deps.now())
      return answerConsents(user.id)
    },
  )

  app.get(
    '/shop/privacy/export',
    {
      // Each export reads every table about the person: a few a minute are plenty.
      config: {
        access: 'user',
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          keyGenerator: (request) => `privacy-export:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['privacy'],
        summary:
          'Downloads everything the shop holds about the signed-in person as one JSON file (profile, addresses, orders, reviews, consents, sessions, messages)',
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      const now = app.deps.now()
      const data = await buildExport(db, user.id, now)
      const day = now.toISOString().slice(0, 10)
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="my-data-${day}.json"`)
        .header('Cache-Control', 'private, no-store')
        .send(JSON.stringify(data, null, 2))
    },
  )

  app.post(
    '/shop/privacy/delete-account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['privacy'],
        summary:
          "Deletes the signed-in shopper's account after the password: erased or anonymised, except the invoices the tax law keeps",
        body: deleteAccountBody,
        response: { 200: deleteAccountResponse },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, undefined)
      await deleteAccount(app.deps, user, request.body.password, { ip: request.ip })
      reply
        .clearCookie(cookies.session.name, cookies.session.options)
        .clearCookie(cookies.signedIn.name, cookies.signedIn.options)
      return {
        success: true as const,
        message:
          'Your account has been deleted. Invoices for your past orders are kept for eight years, as the tax law requires.',
      }
    },
  )
}
