import {
  addReviewBody,
  addReviewResponse,
  helpfulVoteResponse,
  idParam,
  myReviewStateResponse,
  reviewEligibilityResponse,
  reviewIdParams,
  reviewListQuery,
  reviewListResponse,
  type ReviewListReply,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { cachedJson } from '../catalog'
import { setHelpfulVote } from './helpful-votes'
import {
  addReview,
  getReviewEligibility,
  listReviews,
  myReviewState,
  reviewsKey,
} from './reviews.service'

/** Votes are cheap but each one empties the catalog cache: per shopper, well above real use. */
const VOTE_RATE_LIMIT = {
  max: 120,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `helpful:${request.user?.id ?? request.ip}`,
}

export async function reviewsRoutes(app: App) {
  const { db, catalogCache, storage } = app.deps

  app.post(
    '/shop/review/add',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Add the signed-in shopper's review of a product they received, or edit their earlier one",
        body: addReviewBody,
        response: { 200: addReviewResponse },
      },
      // Writing costs a transaction and a recount: per shopper, generous for real use (a shopper
      // reviewing a whole order, then fixing typos), tight enough to stop a script.
      config: {
        access: 'user',
        rateLimit: {
          max: 30,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => `review:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.body.userId)
      const result = await addReview({ db, storage }, user, request.body)
      return {
        success: true as const,
        message: 'Review added successfully!',
        data: result.review,
        product: result.product,
      }
    },
  )

  app.get(
    '/shop/review/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          "One page of a product's reviews (newest or most helpful first, optionally of one star value) with its rating histogram",
        params: z.object({ productId: idParam }),
        querystring: reviewListQuery,
        response: { 200: reviewListResponse },
      },
    },
    // The same for everyone, so kept in the catalog cache: the reviews (their helpful counts
    // included) and the orders behind their "Verified purchase" mark announce their changes
    // (migrations 0017, 0026).
    async (request, reply) => {
      const { productId } = request.params
      const key = reviewsKey(productId, request.query)
      const body = await cachedJson(catalogCache, key, reply, async () =>
        reviewListResponse.parse({
          success: true as const,
          ...(await app.deps.catalogReads.read((catalogDb) =>
            listReviews(catalogDb, productId, request.query),
          )),
        }),
      )
      return reply.send(body as unknown as ReviewListReply)
    },
  )

  app.get(
    '/shop/review/eligibility/:productId',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Whether the signed-in user may review a product, and if not, why',
        params: z.object({ productId: idParam }),
        response: { 200: reviewEligibilityResponse },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true as const,
      data: await getReviewEligibility(
        db,
        assertSelf(request, undefined),
        request.params.productId,
      ),
    }),
  )

  app.get(
    '/shop/review/mine/:productId',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The signed-in user's own review of a product and the product's reviews they marked helpful",
        params: z.object({ productId: idParam }),
        response: { 200: myReviewStateResponse },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true as const,
      data: await myReviewState(db, assertSelf(request, undefined).id, request.params.productId),
    }),
  )

  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/shop/review/:reviewId/helpful',
      schema: {
        tags: ['reviews'],
        summary: helpful
          ? "Mark another shopper's review as helpful (once per shopper)"
          : 'Take back your helpful mark on a review',
        params: reviewIdParams,
        response: { 200: helpfulVoteResponse },
      },
      config: { access: 'user', rateLimit: VOTE_RATE_LIMIT },
      handler: async (request) => ({
        success: true as const,
        data: await setHelpfulVote(
          db,
          assertSelf(request, undefined),
          request.params.reviewId,
          helpful,
        ),
      }),
    })
  }
}
