import {
  addFeatureBody,
  adminFeatureListResponse,
  featureListResponse,
  type FeatureListReply,
  featureResponse,
  idParam,
  messageResponse,
  updateFeatureBody,
} from '@techbazaar/shared'
import { z } from 'zod'
import type { App } from '../../app-types'
import { cachedJson } from '../catalog'
import { createBannerSchedule } from './banner-schedule'
import {
  addBanner,
  deleteBanner,
  listAllBanners,
  listLiveBanners,
  updateBanner,
} from './banners.service'

export async function bannersRoutes(app: App) {
  const { storage, db, now } = app.deps
  const schedule = createBannerSchedule({
    db,
    catalogCache: app.deps.catalogCache,
    now,
    onError: (error) =>
      app.log.error({ err: error }, 'banner schedule: announcing a change failed'),
  })
  app.addHook('onClose', async () => schedule.close())

  app.get(
    '/common/feature/get',
    {
      config: { access: 'public' },
      schema: {
        tags: ['banners'],
        summary:
          'The home banners live now (started, not ended), in order, each with the path its link opens',
        response: { 200: featureListResponse },
      },
    },
    // The home page's first request: kept in the catalog cache, emptied when a banner changes and
    // when a scheduled banner starts or ends (banner-schedule.ts).
    async (_request, reply) => {
      await schedule.catchUp()
      const body = await cachedJson(app.deps.catalogCache, 'banners', reply, async () => {
        const { banners, nextChange } = await app.deps.catalogReads.read((catalogDb) =>
          listLiveBanners(catalogDb, now()),
        )
        schedule.track(nextChange)
        return featureListResponse.parse({ success: true as const, data: banners })
      })
      return reply.send(body as unknown as FeatureListReply)
    },
  )

  app.get(
    '/common/feature/all',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['banners'],
        summary: 'Every banner, scheduled, live or ended, for the admin',
        response: { 200: adminFeatureListResponse },
      },
    },
    async () => ({ success: true as const, data: await listAllBanners(db, now()) }),
  )

  app.post(
    '/common/feature/add',
    {
      schema: { tags: ['banners'], body: addFeatureBody, response: { 201: featureResponse } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const data = await addBanner(db, storage, request.body, now())
      return reply.status(201).send({ success: true as const, message: 'Banner added', data })
    },
  )

  app.patch(
    '/common/feature/:id',
    {
      schema: {
        tags: ['banners'],
        summary: "Changes a banner's alt text, link, order, start or end",
        params: z.object({ id: idParam }),
        body: updateFeatureBody,
        response: { 200: featureResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const data = await updateBanner(db, request.params.id, request.body, now())
      return { success: true as const, message: 'Banner saved', data }
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
      await deleteBanner(db, request.params.id)
      return { success: true as const, message: 'Banner deleted' }
    },
  )
}
