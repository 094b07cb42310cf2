import { describe, expect, it } from 'vitest'
import { bannerImageSrcSet, productImageSrcSet } from './images'

const NAME = '0123456789abcdef0123456789abcdef'

describe('productImageSrcSet', () => {
  it('points a locally uploaded image at its 320 px variant', () => {
    expect(productImageSrcSet(`/uploads/u/${NAME}.webp`)).toBe(
      `/uploads/u/${NAME}-320.webp 320w, /uploads/u/${NAME}.webp 640w`,
    )
  })

  it('does the same for an image in the S3 bucket, whatever its host and bucket path', () => {
    for (const base of [
      'https://cdn.techbazaar.example',
      'https://techbazaar-images.s3.ap-south-1.amazonaws.com',
      'http://127.0.0.1:9000/techbazaar',
    ]) {
      expect(productImageSrcSet(`${base}/u/${NAME}.webp`)).toBe(
        `${base}/u/${NAME}-320.webp 320w, ${base}/u/${NAME}.webp 640w`,
      )
    }
  })

  it('points a seeded product shot at the 320 px file the seed writes beside it', () => {
    expect(productImageSrcSet('/uploads/seed/iphone-16-pro.webp')).toBe(
      '/uploads/seed/iphone-16-pro-320.webp 320w, /uploads/seed/iphone-16-pro.webp 640w',
    )
  })

  it('gives no srcset to images that do not follow our naming', () => {
    for (const url of [
      // Foreign images: no variants exist beside them.
      'https://images.example.com/phone.webp',
      'https://images.example.com/u/phone.webp',
      `https://images.example.com/${NAME}.webp`,
      `https://images.example.com/u/${NAME}.jpg`,
      `https://images.example.com/u/${NAME}.webp?w=640`,
      `https://images.example.com/u/${NAME.toUpperCase()}.webp`,
      `ftp://images.example.com/u/${NAME}.webp`,
      // Our own variants are already the small file.
      `/uploads/u/${NAME}-320.webp`,
      `https://cdn.techbazaar.example/u/${NAME}-320.webp`,
      '/uploads/seed/iphone-16-pro-320.webp',
      // Files the upload path never writes.
      `/uploads/incoming/${NAME}.webp`,
      '/uploads/phone.png',
      '',
    ]) {
      expect(productImageSrcSet(url), url).toBeUndefined()
    }
  })
})

describe('bannerImageSrcSet', () => {
  it('offers the 320 and 640 px variants of an uploaded banner, local or in S3', () => {
    for (const base of ['/uploads', 'https://cdn.techbazaar.example', 'http://localhost:9000/b']) {
      const url = `${base}/u/${NAME}.webp`
      expect(bannerImageSrcSet(url)).toBe(
        `${base}/u/${NAME}-320.webp 320w, ${base}/u/${NAME}-640.webp 640w, ${url} 1800w`,
      )
    }
  })

  it('offers the variants the seed writes beside a seeded banner', () => {
    expect(bannerImageSrcSet('/uploads/seed/banner-big-tech-days.webp')).toBe(
      '/uploads/seed/banner-big-tech-days-320.webp 320w, ' +
        '/uploads/seed/banner-big-tech-days-640.webp 640w, ' +
        '/uploads/seed/banner-big-tech-days.webp 1800w',
    )
    expect(productImageSrcSet('/uploads/seed/banner-big-tech-days.webp')).toBeUndefined()
  })

  it('gives none to foreign images or to variants themselves', () => {
    expect(bannerImageSrcSet('/uploads/seed/banner-big-tech-days-640.webp')).toBeUndefined()
    expect(bannerImageSrcSet('https://images.example.com/u/sale.webp')).toBeUndefined()
    expect(bannerImageSrcSet(`/uploads/u/${NAME}-640.webp`)).toBeUndefined()
  })
})
