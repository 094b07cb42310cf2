import {
  addFeatureBody,
  featureListResponse,
  type FeatureListReply,
  featureResponse,
  idParam,
  messageResponse,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { cachedJson } from '../catalog'
import { addBanner, deleteBanner, listBanners } from './banners.service'

export async function bannersRoutes(app: App) {
  const { storage } = app.deps

  app.get(
    '/common/feature/get',
    {
      config: { access: 'public' },
      schema: { tags: ['banners'], response: { 200: featureListResponse } },
    },
    // The home page's first request: kept in the catalog cache, emptied when a banner changes.
    async (_request, reply) => {
      const body = await cachedJson(app.deps.catalogCache, 'banners', reply, async () =>
        featureListResponse.parse({ success: true as const, data: await listBanners(app.deps.db) }),
      )
      return reply.send(body as unknown as FeatureListReply)
    },
  )

  app.post(
    '/common/feature/add',
    {
      schema: { tags: ['banners'], body: addFeatureBody, response: { 201: featureResponse } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const data = await addBanner(app.deps.db, storage, request.body)
      return reply.status(201).send({ success: true as const, message: 'Banner added', data })
    },
  )

  app.delete(
    '/common/feature/:id',
    {
      schema: {
        tags: ['banners'],
        params: z.object({ id: idParam }),
        response: { 200: messageResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      await deleteBanner(app.deps.db, request.params.id)
      return { success: true as const, message: 'Banner deleted' }
    },
  )
}
