import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestBannersEarly, takeFeatureImages } from './fetch-feature-images'

const banner = (image: string, mobileImage: string | null = null) => ({
  _id: image,
  image,
  mobileImage,
  title: null,
  productId: null,
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove())
})

describe('the home page banners, asked for early', () => {
  it('preloads the first banner and answers the first query from the early request', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, data: [banner('/uploads/seed/a.webp'), banner('/b')] }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    )
    vi.stubGlobal('fetch', fetchMock)

    requestBannersEarly()
    const banners = await takeFeatureImages()
    expect(banners.map((b) => b.image)).toEqual(['/uploads/seed/a.webp', '/b'])
    expect(fetchMock).toHaveBeenCalledOnce()
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')
    expect(preload?.getAttribute('href')).toBe('/uploads/seed/a.webp')
    expect(preload?.as).toBe('image')

    // A later fetch (a refetch) asks the server again.
    await takeFeatureImages()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('preloads a banner with phone artwork for wider screens only, so a phone never fetches the wide one', async () => {
    const phone = '/uploads/seed/banner-a-phone.webp'
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: true, data: [banner('/uploads/seed/banner-a.webp', phone)] }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    )
    requestBannersEarly()
    await takeFeatureImages()
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')]
    // Phones find their artwork in the server-rendered <picture>; its srcset code stays out of
    // the first chunk (page budget).
    expect(links.map((l) => [l.getAttribute('href'), l.media])).toEqual([
      ['/uploads/seed/banner-a.webp', '(min-width: 640px)'],
    ])
  })
})
