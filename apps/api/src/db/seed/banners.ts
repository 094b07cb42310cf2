import { UPLOAD_WIDTHS } from '@techbazaar/shared'
import type { Brand, DeviceKind, Look } from './catalog-data'
import { deviceArt, deviceStyle, xml } from './images'
import { FONT } from './silhouettes'

/** Home-page banners: 1800x600 (3:1), headline on the left, devices on the right. */
export const BANNER_WIDTH = 1800
export const BANNER_HEIGHT = 600
/** The phone artwork: portrait 4:5 at the upload path's width, text stacked above the devices. */
export const BANNER_PHONE_WIDTH = UPLOAD_WIDTHS.bannerPhone.main
export const BANNER_PHONE_HEIGHT = 1000

interface BannerDevice {
  kind: DeviceKind
  brand: Brand
  finish: string
  look?: Look
  /** Where the device's 640x640 drawing goes on the banner, and how large. */
  x: number
  y: number
  scale: number
}

export interface BannerSpec {
  file: string
  /** Stored as the feature image's title (alt text). */
  title: string
  kicker: string
  headline: readonly string[]
  sub: string
  cta: string
  background: readonly [string, string]
  ink: string
  ctaFill: string
  ctaInk: string
  dots?: boolean
  devices: readonly BannerDevice[]
  /** Title of the seeded product this banner links to. */
  productTitle?: string
  /** Otherwise where its painted button goes: a search, a category or a brand of the listing. */
  link?: { kind: 'search' | 'category' | 'brand'; value: string }
}

export const BANNERS: readonly BannerSpec[] = [
  {
    file: 'banner-big-tech-days.webp',
    title: 'Big Tech Days — up to 40% off phones',
    kicker: 'BIG TECH DAYS',
    headline: ['Up to 40% off', 'on phones'],
    sub: 'Samsung, OnePlus, Xiaomi, realme and more',
    cta: 'Shop phones',
    link: { kind: 'search', value: 'phone' },
    background: ['#1a237e', '#3d6bff'],
    ink: '#ffffff',
    ctaFill: '#ff8a00',
    ctaInk: '#1a1a1a',
    devices: [
      { kind: 'phone', brand: 'oneplus', finish: '#1f2e4d', x: 1010, y: -25, scale: 0.92 },
      { kind: 'phone', brand: 'samsung', finish: '#5b7bb5', x: 1270, y: 15, scale: 0.92 },
    ],
  },
  {
    file: 'banner-sound-that-moves-you.webp',
    title: 'Sound that moves you — earbuds from ₹1,099',
    kicker: 'AUDIO FEST',
    headline: ['Sound that', 'moves you'],
    sub: 'Earbuds from ₹1,099 · boAt, Nothing, OnePlus, realme',
    cta: 'Shop earbuds',
    link: { kind: 'search', value: 'earbuds' },
    background: ['#121212', '#c8102e'],
    ink: '#ffffff',
    ctaFill: '#ffffff',
    ctaInk: '#c8102e',
    devices: [
      { kind: 'headphones', brand: 'boat', finish: '#e9e9ec', x: 950, y: -10, scale: 0.95 },
      {
        kind: 'earbuds',
        brand: 'nothing',
        finish: '#f5d000',
        look: 'stem',
        x: 1350,
        y: 130,
        scale: 0.75,
      },
    ],
  },
  {
    file: 'banner-nothing-phone-3a.webp',
    title: 'New: Nothing Phone (3a)',
    kicker: 'NEW LAUNCH',
    headline: ['Nothing', 'Phone (3a)'],
    sub: 'Glyph Interface · 50MP 2x telephoto · ₹24,999',
    cta: 'Buy now',
    background: ['#ffffff', '#d9d9d9'],
    ink: '#000000',
    ctaFill: '#d71921',
    ctaInk: '#ffffff',
    dots: true,
    devices: [{ kind: 'phone', brand: 'nothing', finish: '#1d1d1f', x: 1170, y: -25, scale: 0.98 }],
    productTitle: 'Nothing Phone (3a) (8GB/128GB) - Black',
  },
]

/** The banner as an SVG document; text stays in the left 55% so the devices never cover it. */
export function bannerSvg(spec: BannerSpec): string {
  const [from, to] = spec.background
  const w = BANNER_WIDTH
  const h = BANNER_HEIGHT
  const dots = spec.dots
    ? `<defs><pattern id="dots" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="2" fill="#000" opacity=".1"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#dots)"/>`
    : ''
  const kickerWidth = Math.round(spec.kicker.length * 13.5 + 48)
  const headline = spec.headline
    .map(
      (line, i) =>
        `<text x="120" y="${250 + i * 100}" font-family="${FONT}" font-weight="700" font-size="88" fill="${spec.ink}">${xml(line)}</text>`,
    )
    .join('')
  const ctaWidth = Math.round(spec.cta.length * 16 + 72)
  const devices = spec.devices
    .map(
      (d, i) =>
        `<g transform="translate(${d.x} ${d.y}) scale(${d.scale})">${deviceArt(d.kind, deviceStyle(`b${i}`, d.brand, d.finish, d.look))}</g>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${dots}
<circle cx="1450" cy="300" r="420" fill="url(#glow)"/>
<circle cx="-60" cy="640" r="260" fill="${spec.ink}" opacity=".05"/>
${devices}
<rect x="120" y="104" width="${kickerWidth}" height="44" rx="22" fill="${spec.ink}" fill-opacity=".14"/>
<text x="${120 + kickerWidth / 2}" y="133" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="20" letter-spacing="3" fill="${spec.ink}">${xml(spec.kicker)}</text>
${headline}
<text x="120" y="${250 + spec.headline.length * 100 - 10}" font-family="${FONT}" font-size="30" fill="${spec.ink}" opacity=".88">${xml(spec.sub)}</text>
<rect x="120" y="${250 + spec.headline.length * 100 + 30}" width="${ctaWidth}" height="64" rx="32" fill="${spec.ctaFill}"/>
<text x="${120 + ctaWidth / 2}" y="${250 + spec.headline.length * 100 + 71}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="26" fill="${spec.ctaInk}">${xml(spec.cta)}</text>
</svg>`
}

/** File name of a banner's phone artwork, beside the wide one. */
export function bannerPhoneFile(spec: BannerSpec): string {
  return spec.file.replace(/\.webp$/, '-phone.webp')
}

/** Splits the sub line at its " · " parts, then wraps each part at about `max` characters. */
function wrap(text: string, max: number): string[] {
  return text.split(' · ').flatMap((part) => {
    const lines: string[] = []
    for (const word of part.split(' ')) {
      const last = lines.at(-1)
      if (last !== undefined && `${last} ${word}`.length <= max)
        lines[lines.length - 1] = `${last} ${word}`
      else lines.push(word)
    }
    return lines
  })
}

/**
 * The banner's phone artwork as an SVG document: the same kicker, headline, sub line and button
 * stacked at sizes that stay readable when the 800 px image is shown about 360 px wide (the
 * headline near 36 CSS px, the sub line near 15), with the devices side by side underneath.
 */
export function bannerPhoneSvg(spec: BannerSpec): string {
  const [from, to] = spec.background
  const w = BANNER_PHONE_WIDTH
  const h = BANNER_PHONE_HEIGHT
  const left = 64
  const dots = spec.dots
    ? `<defs><pattern id="dots" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="2" fill="#000" opacity=".1"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#dots)"/>`
    : ''
  const kickerWidth = Math.round(spec.kicker.length * 19 + 56)
  const headlineTop = 210
  const headline = spec.headline
    .map(
      (line, i) =>
        `<text x="${left}" y="${headlineTop + i * 92}" font-family="${FONT}" font-weight="700" font-size="80" fill="${spec.ink}">${xml(line)}</text>`,
    )
    .join('')
  const subTop = headlineTop + (spec.headline.length - 1) * 92 + 68
  const subLines = wrap(spec.sub, 32)
  const sub = subLines
    .map(
      (line, i) =>
        `<text x="${left}" y="${subTop + i * 46}" font-family="${FONT}" font-size="34" fill="${spec.ink}" opacity=".9">${xml(line)}</text>`,
    )
    .join('')
  const ctaTop = subTop + (subLines.length - 1) * 46 + 40
  const ctaWidth = Math.round(spec.cta.length * 20 + 88)
  // One device large and centred; several side by side, keeping their relative sizes.
  const fit = spec.devices.length === 1 ? 0.8 : 0.74
  const devices = spec.devices
    .map((d, i) => {
      const scale = d.scale * fit
      const x = (w * (i + 0.5)) / spec.devices.length - 320 * scale
      const y = h - 590 * scale
      return `<g transform="translate(${Math.round(x)} ${Math.round(y)}) scale(${scale.toFixed(3)})">${deviceArt(d.kind, deviceStyle(`p${i}`, d.brand, d.finish, d.look))}</g>`
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${dots}
<circle cx="${w / 2}" cy="${h - 220}" r="380" fill="url(#glow)"/>
${devices}
<rect x="${left}" y="64" width="${kickerWidth}" height="56" rx="28" fill="${spec.ink}" fill-opacity=".14"/>
<text x="${left + kickerWidth / 2}" y="101" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="26" letter-spacing="3" fill="${spec.ink}">${xml(spec.kicker)}</text>
${headline}
${sub}
<rect x="${left}" y="${ctaTop}" width="${ctaWidth}" height="76" rx="38" fill="${spec.ctaFill}"/>
<text x="${left + ctaWidth / 2}" y="${ctaTop + 49}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="32" fill="${spec.ctaInk}">${xml(spec.cta)}</text>
</svg>`
}
