import type { DeviceKind, Look } from './catalog-data'

/**
 * Device drawings for the generated product images, one function per kind. Each draws on a
 * 640x640 canvas around (320, 300), leaving the bottom band for the label; banners reuse them
 * scaled. Shapes are simple on purpose: a soft gradient body, a highlight edge and a few telling
 * details read as a product shot at card size without pretending to be a photograph.
 */

export type CameraStyle = 'pill' | 'vertical' | 'square' | 'circle' | 'glyph'

export interface DeviceStyle {
  /** Prefix for gradient and clip ids, unique within one SVG document. */
  id: string
  finish: string
  accent: string
  /** Lock-screen wallpaper, top and bottom colour. */
  wallpaper: readonly [string, string]
  camera: CameraStyle
  look?: Look
}

export const FONT = 'DejaVu Sans, Liberation Sans, sans-serif'

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Linear blend of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = rgb(a)
  const cb = rgb(b)
  const parts = ca.map((v, i) => Math.round(v + ((cb[i] ?? v) - v) * t))
  return `#${parts.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t)
export const darken = (c: string, t: number) => mix(c, '#000000', t)
/** Perceived brightness 0-1, to pick details that stay visible on white or black bodies. */
export function brightness(c: string): number {
  const [r, g, b] = rgb(c)
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

function gradient(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"'
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
}

/** The shared body shading: lit from the top left. */
function bodyDefs(s: DeviceStyle): string {
  const light = brightness(s.finish) > 0.8
  return `<defs>${gradient(`${s.id}-body`, lighten(s.finish, light ? 0.6 : 0.22), darken(s.finish, light ? 0.14 : 0.2))}${gradient(`${s.id}-metal`, '#f4f5f7', '#9ea3ab')}</defs>`
}

const edge = (s: DeviceStyle) => lighten(s.finish, 0.5)

function lens(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0b0c10" stroke="#8d929b" stroke-width="${r * 0.16}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#1b2436"/><circle cx="${cx - r * 0.22}" cy="${cy - r * 0.25}" r="${r * 0.16}" fill="#fff" opacity=".55"/>`
}

const flash = (cx: number, cy: number, r = 6) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff6da" stroke="#c9c2a8" stroke-width="1.5"/>`

/** The camera island on a phone back whose top-left corner is (x, y) and width w. */
function cameraModule(s: DeviceStyle, x: number, y: number, w: number): string {
  const bump = lighten(s.finish, brightness(s.finish) > 0.6 ? 0 : 0.1)
  switch (s.camera) {
    case 'pill':
      return `<rect x="${x + 18}" y="${y + 18}" width="60" height="116" rx="30" fill="${bump}" stroke="${edge(s)}" stroke-width="2"/>${lens(x + 48, y + 48, 20)}${lens(x + 48, y + 104, 20)}${flash(x + 96, y + 36)}`
    case 'vertical':
      return `${lens(x + 42, y + 44, 19)}${lens(x + 42, y + 94, 19)}${lens(x + 42, y + 144, 19)}${flash(x + 80, y + 44)}`
    case 'square':
      return `<rect x="${x + 16}" y="${y + 16}" width="112" height="124" rx="28" fill="${darken(s.finish, 0.25)}" stroke="${edge(s)}" stroke-width="2"/>${lens(x + 50, y + 52, 24)}${lens(x + 50, y + 106, 20)}${lens(x + 98, y + 48, 11)}${flash(x + 98, y + 88)}`
    case 'circle': {
      const cx = x + w / 2
      const cy = y + 96
      return `<circle cx="${cx}" cy="${cy}" r="66" fill="${darken(s.finish, 0.2)}" stroke="url(#${s.id}-metal)" stroke-width="6"/>${lens(cx - 24, cy - 22, 21)}${lens(cx + 24, cy - 22, 21)}${lens(cx - 24, cy + 26, 18)}${flash(cx + 24, cy + 26, 8)}`
    }
    case 'glyph': {
      const glyph = `stroke="#fdfdfd" stroke-linecap="round" fill="none" opacity=".92"`
      return `<rect x="${x + 22}" y="${y + 24}" width="118" height="54" rx="27" fill="#15161a" stroke="#5d6066" stroke-width="2"/>${lens(x + 50, y + 51, 18)}${lens(x + 110, y + 51, 18)}
<path d="M ${x + 150} ${y + 40} A 70 70 0 0 1 ${x + 170} ${y + 150}" ${glyph} stroke-width="7"/>
<path d="M ${x + 70} ${y + 230} L ${x + 150} ${y + 300}" ${glyph} stroke-width="7"/>
<path d="M ${x + w / 2} ${y + 340} v 36" ${glyph} stroke-width="7"/>
<path d="M ${x + 30} ${y + 120} h ${w - 60} M ${x + 30} ${y + 200} h ${w - 60}" stroke="#fff" stroke-opacity=".1" stroke-width="2"/>`
    }
  }
}

/** A device face: metal frame, black bezel and a lock screen with wallpaper and clock. */
function screenFace(s: DeviceStyle, x: number, y: number, w: number, h: number, r: number) {
  const sid = `${s.id}-scr-${x}-${y}`
  const short = Math.min(w, h)
  const inset = short * 0.045
  const sx = x + inset
  const sy = y + inset
  const sw = w - inset * 2
  const sh = h - inset * 2
  const [top, bottom] = s.wallpaper
  const landscape = w > h
  const camera = landscape
    ? `<circle cx="${x + w / 2}" cy="${y + inset / 2}" r="3" fill="#222"/>`
    : s.camera === 'pill'
      ? `<rect x="${x + w / 2 - 34}" y="${sy + 12}" width="68" height="20" rx="10" fill="#000"/>`
      : `<circle cx="${x + w / 2}" cy="${sy + 20}" r="7" fill="#000"/>`
  return `<defs>${gradient(`${sid}-wall`, top, bottom, true)}<clipPath id="${sid}-clip"><rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="${r - inset}"/></clipPath></defs>
<rect x="${x - 3}" y="${y - 3}" width="${w + 6}" height="${h + 6}" rx="${r + 3}" fill="url(#${s.id}-body)"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#0a0b0e"/>
<g clip-path="url(#${sid}-clip)">
<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" fill="url(#${sid}-wall)"/>
<circle cx="${sx + sw * 0.15}" cy="${sy + sh * 0.85}" r="${short * 0.6}" fill="${lighten(bottom, 0.35)}" opacity=".45"/>
<circle cx="${sx + sw * 0.95}" cy="${sy + sh * 0.35}" r="${short * 0.42}" fill="${lighten(top, 0.3)}" opacity=".35"/>
<path d="M ${sx} ${sy + sh * 0.62} C ${sx + sw * 0.35} ${sy + sh * 0.5} ${sx + sw * 0.6} ${sy + sh * 0.78} ${sx + sw} ${sy + sh * 0.6} V ${sy + sh} H ${sx} Z" fill="${darken(bottom, 0.25)}" opacity=".35"/>
<text x="${x + w / 2}" y="${sy + sh * (landscape ? 0.42 : 0.3)}" text-anchor="middle" font-family="${FONT}" font-weight="200" font-size="${short * 0.26}" fill="#fff">10:24</text>
<text x="${x + w / 2}" y="${sy + sh * (landscape ? 0.42 : 0.3) - short * 0.27}" text-anchor="middle" font-family="${FONT}" font-size="${short * 0.065}" fill="#fff" opacity=".9">Friday, 14 March</text>
</g>${camera}`
}

export function phone(s: DeviceStyle): string {
  const back = `<g transform="rotate(-8 250 305)"><rect x="145" y="95" width="210" height="420" rx="36" fill="url(#${s.id}-body)"/><rect x="147" y="97" width="206" height="416" rx="34" fill="none" stroke="${edge(s)}" stroke-opacity=".6" stroke-width="2"/>${cameraModule(s, 145, 95, 210)}</g>`
  const front = `<g transform="rotate(5 390 315)">${screenFace(s, 288, 108, 205, 414, 34)}</g>`
  return bodyDefs(s) + back + front
}

export function tablet(s: DeviceStyle): string {
  const pencil = `<g transform="rotate(-12 330 470)"><rect x="150" y="462" width="330" height="16" rx="8" fill="${lighten(s.finish, 0.75)}" stroke="#c9ccd2"/><path d="M 480 462 L 506 470 L 480 478 Z" fill="#d9dbe0"/></g>`
  return `${bodyDefs(s)}<g transform="rotate(-4 320 290)">${screenFace(s, 92, 138, 456, 312, 26)}</g>${pencil}`
}

function bud(s: DeviceStyle, cx: number, cy: number, angle: number): string {
  const tip = darken(s.finish, 0.45)
  if (s.look === 'stem') {
    return `<g transform="rotate(${angle} ${cx} ${cy})"><rect x="${cx - 11}" y="${cy}" width="22" height="96" rx="11" fill="url(#${s.id}-body)"/><circle cx="${cx}" cy="${cy + 90}" r="6" fill="url(#${s.id}-metal)"/><ellipse cx="${cx}" cy="${cy}" rx="32" ry="28" fill="url(#${s.id}-body)"/><ellipse cx="${cx - 14}" cy="${cy - 4}" rx="14" ry="16" fill="${tip}" opacity=".8"/><ellipse cx="${cx + 8}" cy="${cy - 12}" rx="10" ry="5" fill="#fff" opacity=".35"/></g>`
  }
  return `<g transform="rotate(${angle} ${cx} ${cy})"><ellipse cx="${cx - 22}" cy="${cy}" rx="18" ry="20" fill="${tip}"/><circle cx="${cx}" cy="${cy}" r="36" fill="url(#${s.id}-body)"/><circle cx="${cx + 4}" cy="${cy + 2}" r="20" fill="none" stroke="${s.accent}" stroke-width="3" opacity=".75"/><ellipse cx="${cx + 10}" cy="${cy - 18}" rx="12" ry="6" fill="#fff" opacity=".35"/></g>`
}

export function earbuds(s: DeviceStyle): string {
  const inside = darken(s.finish, 0.3)
  const lid = `<path d="M 160 300 C 160 222 196 196 280 196 C 364 196 400 222 400 300 Z" fill="${darken(s.finish, 0.08)}" stroke="${edge(s)}" stroke-width="2"/><path d="M 176 298 C 178 236 206 216 280 216 C 354 216 382 236 384 298 Z" fill="${inside}" opacity=".55"/>`
  const inCase = `<circle cx="238" cy="300" r="26" fill="url(#${s.id}-body)"/><circle cx="322" cy="300" r="26" fill="url(#${s.id}-body)"/>`
  const body = `<path d="M 156 300 H 404 V 392 C 404 446 374 470 322 470 H 238 C 186 470 156 446 156 392 Z" fill="url(#${s.id}-body)"/><path d="M 160 302 H 400" stroke="${lighten(s.finish, 0.6)}" stroke-width="3"/><circle cx="280" cy="350" r="5" fill="#3ddc84"/>`
  return `${bodyDefs(s)}${lid}${inCase}${body}${bud(s, 480, 210, 18)}${bud(s, 478, 372, -14)}`
}

export function headphones(s: DeviceStyle): string {
  const cushion = darken(s.finish, 0.5)
  const cup = (x: number, flip: boolean) => {
    const inner = flip ? x - 26 : x + 96
    return `<rect x="${inner}" y="306" width="34" height="170" rx="17" fill="${cushion}"/><rect x="${x}" y="290" width="112" height="200" rx="52" fill="url(#${s.id}-body)"/><rect x="${x + 18}" y="310" width="76" height="160" rx="38" fill="none" stroke="${edge(s)}" stroke-opacity=".5" stroke-width="3"/><circle cx="${x + 56}" cy="380" r="10" fill="${s.accent}" opacity=".8"/>`
  }
  return `${bodyDefs(s)}<path d="M 196 320 C 190 130 450 130 444 320" fill="none" stroke="url(#${s.id}-body)" stroke-width="30" stroke-linecap="round"/><path d="M 214 300 C 214 168 426 168 426 300" fill="none" stroke="${cushion}" stroke-width="14" stroke-linecap="round"/><rect x="186" y="270" width="20" height="50" rx="6" fill="url(#${s.id}-metal)"/><rect x="434" y="270" width="20" height="50" rx="6" fill="url(#${s.id}-metal)"/>${cup(140, false)}${cup(388, true)}`
}

export function neckband(s: DeviceStyle): string {
  const bud2 = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="26" fill="url(#${s.id}-body)"/><circle cx="${cx}" cy="${cy}" r="12" fill="url(#${s.id}-metal)"/><ellipse cx="${cx - 8}" cy="${cy + 20}" rx="12" ry="10" fill="${darken(s.finish, 0.4)}"/>`
  const wire = `fill="none" stroke="${darken(s.finish, 0.2)}" stroke-width="5" stroke-linecap="round"`
  return `${bodyDefs(s)}<path d="M 196 170 C 170 330 220 452 320 452 C 420 452 470 330 444 170" fill="none" stroke="url(#${s.id}-body)" stroke-width="26" stroke-linecap="round"/><path d="M 200 200 C 190 330 236 430 320 432" fill="none" stroke="${lighten(s.finish, 0.35)}" stroke-opacity=".5" stroke-width="3"/>
<rect x="170" y="110" width="52" height="130" rx="26" fill="url(#${s.id}-body)" transform="rotate(-6 196 175)"/><rect x="418" y="110" width="52" height="130" rx="26" fill="url(#${s.id}-body)" transform="rotate(6 444 175)"/><rect x="184" y="140" width="8" height="34" rx="4" fill="${s.accent}" transform="rotate(-6 196 175)"/>
<path d="M 196 112 C 196 60 262 70 262 150 C 262 200 250 250 250 282" ${wire}/><path d="M 444 112 C 444 60 378 70 378 150 C 378 200 392 250 392 282" ${wire}/>${bud2(250, 300)}${bud2(392, 300)}`
}

export function speaker(s: DeviceStyle): string {
  const grille = darken(s.finish, 0.35)
  return `${bodyDefs(s)}<defs><pattern id="${s.id}-dots" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.6" fill="${darken(s.finish, 0.65)}"/></pattern></defs>
<path d="M 470 230 C 540 230 540 350 470 350" fill="none" stroke="${darken(s.finish, 0.3)}" stroke-width="14" stroke-linecap="round"/>
<rect x="208" y="182" width="40" height="10" rx="5" fill="${darken(s.finish, 0.3)}"/><rect x="262" y="182" width="40" height="10" rx="5" fill="${darken(s.finish, 0.3)}"/><rect x="316" y="182" width="40" height="10" rx="5" fill="${darken(s.finish, 0.3)}"/>
<rect x="120" y="188" width="400" height="260" rx="58" fill="url(#${s.id}-body)"/>
<rect x="142" y="210" width="356" height="216" rx="42" fill="${grille}"/><rect x="142" y="210" width="356" height="216" rx="42" fill="url(#${s.id}-dots)"/>
<rect x="272" y="298" width="96" height="40" rx="20" fill="${lighten(s.finish, 0.15)}" stroke="${edge(s)}" stroke-width="2"/><circle cx="320" cy="318" r="8" fill="${s.accent}"/>
<rect x="170" y="446" width="60" height="10" rx="5" fill="#1a1a1a"/><rect x="410" y="446" width="60" height="10" rx="5" fill="#1a1a1a"/>`
}

export function watch(s: DeviceStyle): string {
  const strap = darken(s.finish, 0.1)
  const straps = `<path d="M 262 96 H 378 L 390 220 H 250 Z" fill="${strap}"/><path d="M 250 400 H 390 L 378 520 H 262 Z" fill="${strap}"/><path d="M 268 120 H 372 M 266 150 H 374 M 264 460 H 376 M 266 490 H 374" stroke="${darken(s.finish, 0.35)}" stroke-width="3"/>`
  const rings = (cx: number, cy: number, r: number) =>
    [s.accent, '#3ddc84', '#2fb9ff']
      .map(
        (c, i) =>
          `<circle cx="${cx}" cy="${cy}" r="${r - i * 11}" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round" stroke-dasharray="${(r - i * 11) * 4.6} 999" transform="rotate(-90 ${cx} ${cy})"/>`,
      )
      .join('')
  if (s.look === 'round') {
    return `${bodyDefs(s)}${straps}<rect x="434" y="262" width="16" height="34" rx="6" fill="url(#${s.id}-metal)"/><rect x="434" y="322" width="16" height="34" rx="6" fill="url(#${s.id}-metal)"/><circle cx="320" cy="310" r="128" fill="url(#${s.id}-body)"/><circle cx="320" cy="310" r="114" fill="${darken(s.finish, 0.4)}" stroke="${edge(s)}" stroke-width="3"/><circle cx="320" cy="310" r="100" fill="#07080a"/><circle cx="320" cy="310" r="92" fill="none" stroke="${s.accent}" stroke-width="6" stroke-dasharray="400 999" stroke-linecap="round" transform="rotate(-90 320 310)"/><text x="320" y="318" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="48" fill="#fff">10:09</text><text x="320" y="352" text-anchor="middle" font-family="${FONT}" font-size="15" fill="#9aa0aa">FRI 14 · 8,432 steps</text>`
  }
  return `${bodyDefs(s)}${straps}<rect x="424" y="250" width="18" height="46" rx="8" fill="url(#${s.id}-metal)"/><rect x="426" y="318" width="12" height="48" rx="6" fill="${darken(s.finish, 0.2)}"/><rect x="206" y="180" width="224" height="262" rx="62" fill="url(#${s.id}-body)"/><rect x="220" y="194" width="196" height="234" rx="50" fill="#07080a"/><text x="318" y="262" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="50" fill="#fff">10:09</text><text x="318" y="290" text-anchor="middle" font-family="${FONT}" font-size="15" fill="#9aa0aa">FRI 14 MAR</text>${rings(318, 358, 42)}`
}

export function charger(s: DeviceStyle): string {
  const shade = darken(s.finish, 0.18)
  const port = brightness(s.finish) > 0.5 ? '#2a2b2f' : '#0a0a0a'
  return `${bodyDefs(s)}<rect x="272" y="120" width="18" height="74" rx="9" fill="url(#${s.id}-metal)"/><rect x="350" y="120" width="18" height="74" rx="9" fill="url(#${s.id}-metal)"/>
<path d="M 230 190 L 262 166 H 446 L 414 190 Z" fill="${lighten(s.finish, 0.3)}"/><path d="M 414 190 L 446 166 V 370 L 414 398 Z" fill="${shade}"/>
<rect x="214" y="188" width="204" height="214" rx="30" fill="url(#${s.id}-body)"/><rect x="280" y="330" width="72" height="22" rx="11" fill="${port}"/><rect x="292" y="338" width="48" height="6" rx="3" fill="#6b6f77"/>
<path d="M 316 352 C 316 450 420 420 470 470" fill="none" stroke="${brightness(s.finish) > 0.5 ? '#e9eaec' : '#2a2b2f'}" stroke-width="12" stroke-linecap="round"/><g transform="rotate(-45 478 478)"><rect x="460" y="462" width="36" height="58" rx="10" fill="${brightness(s.finish) > 0.5 ? '#f5f5f5' : '#222'}" stroke="#bfc2c8"/><rect x="468" y="518" width="20" height="18" rx="4" fill="url(#${s.id}-metal)"/></g>`
}

function connector(s: DeviceStyle, x: number, y: number, angle: number): string {
  return `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x - 16}" y="${y}" width="32" height="64" rx="9" fill="url(#${s.id}-body)" stroke="${edge(s)}"/><rect x="${x - 11}" y="${y + 62}" width="22" height="24" rx="5" fill="url(#${s.id}-metal)"/><rect x="${x - 6}" y="${y + 72}" width="12" height="4" rx="2" fill="#55585e"/></g>`
}

export function cable(s: DeviceStyle): string {
  const loops = [0, 1, 2, 3]
    .map(
      (i) =>
        `<ellipse cx="${320 + i * 6}" cy="${270 + i * 16}" rx="150" ry="74" fill="none" stroke="url(#${s.id}-body)" stroke-width="16"/><ellipse cx="${320 + i * 6}" cy="${270 + i * 16}" rx="150" ry="74" fill="none" stroke="${darken(s.finish, 0.4)}" stroke-opacity=".25" stroke-width="16" stroke-dasharray="3 5"/>`,
    )
    .join('')
  const tail = `fill="none" stroke="url(#${s.id}-body)" stroke-width="16" stroke-linecap="round"`
  return `${bodyDefs(s)}${loops}<path d="M 190 348 C 150 390 150 420 176 440" ${tail}/><path d="M 470 260 C 520 230 520 190 500 160" ${tail}/>${connector(s, 186, 430, 40)}${connector(s, 500, 168, 200)}`
}

export function powerbank(s: DeviceStyle): string {
  const leds = [0, 1, 2, 3]
    .map(
      (i) => `<circle cx="${290 + i * 20}" cy="430" r="5" fill="${i < 3 ? '#3ddc84' : '#555'}"/>`,
    )
    .join('')
  return `${bodyDefs(s)}<g transform="rotate(-8 320 300)"><rect x="242" y="104" width="196" height="372" rx="36" fill="${darken(s.finish, 0.3)}"/><rect x="226" y="96" width="196" height="372" rx="36" fill="url(#${s.id}-body)"/><rect x="230" y="100" width="188" height="364" rx="32" fill="none" stroke="${edge(s)}" stroke-opacity=".5" stroke-width="2"/>
<rect x="270" y="84" width="40" height="12" rx="4" fill="#1c1d20"/><rect x="330" y="84" width="48" height="12" rx="4" fill="#1c1d20"/>
<rect x="250" y="150" width="6" height="220" rx="3" fill="${s.accent}" opacity=".85"/>${leds}</g>`
}

export function phoneCase(s: DeviceStyle): string {
  const clear = s.look === 'clear'
  const fill = clear ? '#ffffff' : `url(#${s.id}-body)`
  const phoneInside = clear
    ? `<rect x="234" y="118" width="178" height="388" rx="30" fill="#9fb4d6" opacity=".65"/>`
    : ''
  const magsafe =
    s.camera === 'pill'
      ? `<circle cx="323" cy="330" r="62" fill="none" stroke="${darken(s.finish, 0.2)}" stroke-width="5"/>`
      : ''
  return `${bodyDefs(s)}<g transform="rotate(-6 320 310)">${phoneInside}<rect x="222" y="104" width="202" height="414" rx="40" fill="${fill}" fill-opacity="${clear ? 0.35 : 1}" stroke="${clear ? '#ffffff' : edge(s)}" stroke-width="${clear ? 6 : 2}"/>
<rect x="424" y="200" width="8" height="44" rx="4" fill="${darken(s.finish, 0.15)}"/><rect x="424" y="262" width="8" height="70" rx="4" fill="${darken(s.finish, 0.15)}"/>
<rect x="240" y="122" width="94" height="122" rx="26" fill="${darken(s.finish, 0.5)}" opacity="${clear ? 0.55 : 1}"/>${lens(270, 156, 15)}${lens(270, 208, 15)}${magsafe}</g>`
}

/** One drawing per kind; images.ts looks the product's kind up here. */
export const SILHOUETTES: Record<DeviceKind, (s: DeviceStyle) => string> = {
  phone,
  tablet,
  earbuds,
  headphones,
  neckband,
  speaker,
  watch,
  charger,
  cable,
  powerbank,
  case: phoneCase,
}
