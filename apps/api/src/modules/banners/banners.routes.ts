import { featureListResponse } from '@techbazaar/shared'
import type { App } from '../../app'
import { listBanners } from './banners.service'

export async function bannersRoutes(app: App) {
  app.get(
    '/common/feature/get',
    { schema: { tags: ['banners'], response: { 200: featureListResponse } } },
    async () => ({ success: true as const, data: await listBanners(app.deps.db) }),
  )
}
