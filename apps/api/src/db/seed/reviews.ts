import type { DeviceKind, SeedProduct } from './catalog-data'

/**
 * mulberry32: a tiny, well-distributed 32-bit PRNG. A fixed seed makes every run of the seed
 * produce the same reviews, so demos and screenshots are repeatable.
 */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Group = 'phone' | 'audio' | 'watch' | 'accessory'

const GROUP_OF: Record<DeviceKind, Group> = {
  phone: 'phone',
  tablet: 'phone',
  earbuds: 'audio',
  headphones: 'audio',
  neckband: 'audio',
  speaker: 'audio',
  watch: 'watch',
  charger: 'accessory',
  cable: 'accessory',
  powerbank: 'accessory',
  case: 'accessory',
}

/** Messages that fit a 4 or 5 star review, per kind of product. */
const PRAISE: Record<Group, readonly string[]> = {
  phone: [
    'Display is bright and smooth, easily readable outdoors. Battery lasts a full day with heavy use.',
    'Camera is excellent in daylight and decent at night. Very happy with the purchase.',
    'Fast and lag-free, even with many apps open. Delivered in 2 days, well packed.',
    'Upgraded from a 4-year-old phone and the difference is huge. Charging is really quick.',
    'Premium feel in hand and the software is clean. No heating during BGMI sessions.',
    'Great value at this price. 5G works well on Jio and Airtel in my area.',
  ],
  audio: [
    'Bass is punchy and vocals are clear. Noise cancellation works well in the metro.',
    'Very comfortable for long calls. Battery easily lasts a week of commuting.',
    'Connects instantly to my phone and laptop. Sound is far better than the price suggests.',
    'Great for the gym, stays in place and survived plenty of sweat.',
    'Loud, clear sound with no distortion at full volume. Pairing was effortless.',
    'Call quality is good even on busy roads. Case feels solid.',
  ],
  watch: [
    'Accurate step and heart rate tracking compared with my old band. Display is crisp in sunlight.',
    'Bluetooth calling is surprisingly clear. Battery lasts almost a week for me.',
    'Looks premium on the wrist and the strap is comfortable all day.',
    'Sleep tracking is detailed and notifications never miss. Good buy.',
  ],
  accessory: [
    'Charges my phone quickly and does not heat up. Build quality is solid.',
    'Exactly as described, genuine product with a proper bill.',
    'Good quality, fits perfectly. Worth the money.',
    'Compact and sturdy. Using it daily without any issues.',
    'Delivered quickly and works as expected with my phone and earbuds.',
  ],
}

/** Messages that fit a 3 star review: fair, specific, not angry. */
const MIXED: Record<Group, readonly string[]> = {
  phone: [
    'Good phone overall but the battery drains faster than expected with 5G on.',
    'Decent performance, though the camera struggles in low light. Some bloatware to remove.',
  ],
  audio: [
    'Sound is okay for the price, but the fit loosens during runs.',
    'Bass is good, but calls sound a little muffled to the other person.',
  ],
  watch: [
    'Tracking is fine but the app takes time to sync. Strap could be softer.',
    'Nice display, though the battery life is shorter than advertised.',
  ],
  accessory: [
    'Works fine, but it gets a little warm while charging. Average build.',
    'Does the job. Packaging could have been better.',
  ],
}

export interface PlannedReview {
  productIndex: number
  reviewerIndex: number
  value: number
  message: string
  daysAgo: number
}

/**
 * Reviews for the catalog: most products get 0-6 reviews from distinct reviewers (the schema allows
 * one per product and user), values 3-5 around a per-product "quality" so averages vary.
 */
export function planReviews(
  products: readonly SeedProduct[],
  reviewerCount: number,
  seed = 20250301,
): PlannedReview[] {
  const random = createPrng(seed)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }
  const planned: PlannedReview[] = []
  products.forEach((product, productIndex) => {
    // About one in seven products is new and has no reviews yet; the rest get 1-6.
    const count = random() < 0.15 ? 0 : Math.min(int(1, 6), reviewerCount)
    const quality = 3.7 + random() * 1.1
    const reviewers = Array.from({ length: reviewerCount }, (_, i) => i)
    for (let i = reviewers.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      const a = reviewers[i] ?? 0
      reviewers[i] = reviewers[j] ?? 0
      reviewers[j] = a
    }
    const group = GROUP_OF[product.kind]
    for (const reviewerIndex of reviewers.slice(0, count)) {
      const value = Math.max(3, Math.min(5, Math.round(quality + (random() - 0.5) * 1.6)))
      planned.push({
        productIndex,
        reviewerIndex,
        value,
        message: pick(value >= 4 ? PRAISE[group] : MIXED[group]),
        daysAgo: int(2, 120),
      })
    }
  })
  return planned
}
