import {
  addReviewBody,
  addReviewResponse,
  idParam,
  reviewEligibilityResponse,
  reviewListResponse,
  type ReviewListReply,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import { cachedJson } from '../catalog'
import { addReview, getReviewEligibility, listReviews, reviewsKey } from './reviews.service'

export async function reviewsRoutes(app: App) {
  const { db, catalogCache } = app.deps

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
      const result = await addReview(db, user, request.body)
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
        summary: "A product's reviews, newest first",
        params: z.object({ productId: idParam }),
        response: { 200: reviewListResponse },
      },
    },
    // The same for everyone, so kept in the catalog cache: the reviews and the orders behind
    // their "Verified purchase" mark announce their changes (migration 0012).
    async (request, reply) => {
      const { productId } = request.params
      const body = await cachedJson(catalogCache, reviewsKey(productId), reply, async () =>
        reviewListResponse.parse({
          success: true as const,
          data: await listReviews(db, productId),
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
}
