/**
 * The search's relevance set (issue 33.2): what shoppers type, and which products of the demo
 * catalog they mean. Judged from the shopper's intent, never from what the search answers; the
 * bench (`npm run bench:relevance`) prints precision@5 over it, and the relevance test keeps a
 * floor so that a ranking change that makes it worse is seen.
 *
 * `relevant` matches the titles a shopper looking for this would accept (a family counts under
 * its own title, decision 090); `first`, when set, is the one product that must come first
 * ("iphone 15" is the phone, not its case). Precision@5 of a query is the share of its first
 * five results that are relevant, out of five or of the number of relevant products when there
 * are fewer (a query with two right answers scores 1 when both are in the first five).
 */
/** Mean precision@5 measured on the demo catalog (2026-11-28: 0.972); the test keeps it. */
export const RELEVANCE_FLOOR = 0.95

export interface RelevanceQuery {
  query: string
  relevant: RegExp
  first?: RegExp
}

const PHONES =
  /^(Apple iPhone 1[56]( \(|$)|Samsung Galaxy (S24|M35|A55)|Xiaomi (Redmi Note|14 CIVI|Redmi 13C)|OnePlus (13 \(|Nord CE|12R)|Nothing Phone|CMF Phone|realme (13 Pro|narzo 70 Turbo 5G|GT 6T))/
const EARBUDS =
  /AirPods|Galaxy Buds|Nord Buds|OnePlus Buds|Nothing Ear|realme Buds (T300|Air)|Airdopes|Nirvana|Redmi Buds/
const CHARGERS = /Power Adapter|Charger|Fast Charging Adapter|Travel Adapter/
const POWER_BANKS = /Power Bank|Battery Pack|PB300/
const CABLES = /Cable/
const CASES = /Case( |$|\b)(?!\(USB)/
const WATCHES = /watch/i
const HEADPHONES = /Headphone|Rockerz (450|550)/

export const RELEVANCE_SET: readonly RelevanceQuery[] = [
  // Phones by name and model.
  { query: 'iphone 15', relevant: /^Apple iPhone 15$/, first: /^Apple iPhone 15$/ },
  { query: 'iphone', relevant: /^Apple iPhone 1[56]( \(|$)/ },
  { query: 'iphone 16', relevant: /^Apple iPhone 16 \(/, first: /^Apple iPhone 16 \(/ },
  { query: 'samsung', relevant: /^Samsung Galaxy (S24 (FE 5G|Ultra)|M35|A55)/ },
  { query: 'samsung phone', relevant: /^Samsung Galaxy (S24 (FE 5G|Ultra)|M35|A55)/ },
  { query: 'galaxy s24', relevant: /^Samsung Galaxy S24 (FE 5G|Ultra)/ },
  { query: 's24 ultra', relevant: /^Samsung Galaxy S24 Ultra/, first: /^Samsung Galaxy S24 Ultra/ },
  { query: 'galaxy a55', relevant: /^Samsung Galaxy A55/, first: /^Samsung Galaxy A55/ },
  { query: 'redmi note 13', relevant: /^Xiaomi Redmi Note 13/, first: /^Xiaomi Redmi Note 13/ },
  { query: 'redmi', relevant: /Redmi/ },
  { query: 'xiaomi 14 civi', relevant: /^Xiaomi 14 CIVI/, first: /^Xiaomi 14 CIVI/ },
  { query: 'oneplus 13', relevant: /^OnePlus 13 \(/, first: /^OnePlus 13 \(/ },
  { query: 'oneplus nord', relevant: /^OnePlus Nord/ },
  { query: 'oneplus 12r', relevant: /^OnePlus 12R/, first: /^OnePlus 12R/ },
  { query: 'nothing phone', relevant: /^(Nothing Phone|CMF Phone)/ },
  { query: 'cmf phone', relevant: /^CMF Phone/, first: /^CMF Phone/ },
  { query: 'realme narzo', relevant: /narzo/, first: /^realme narzo 70 Turbo 5G/ },
  { query: 'realme gt', relevant: /^realme GT/, first: /^realme GT/ },
  { query: '5g phone', relevant: /^(?!.*Case).* 5G/ },
  // Words for the kind of product, as typed: misspelt, Hindi-English, split or joined.
  { query: 'mobile', relevant: PHONES },
  { query: 'mobail', relevant: PHONES },
  { query: 'smartphone', relevant: PHONES },
  { query: 'iphon', relevant: /^Apple iPhone 1[56]( \(|$)/ },
  { query: 'samsng galxy', relevant: /^Samsung Galaxy (?!.*Case)/ },
  { query: 'earbuds', relevant: EARBUDS },
  { query: 'earfone', relevant: EARBUDS },
  { query: 'wireles earbuds', relevant: EARBUDS },
  { query: 'headphone', relevant: HEADPHONES },
  { query: 'neckband', relevant: /Neckband|Bullets Wireless|Buds Wireless/ },
  { query: 'speaker', relevant: /Speaker/ },
  { query: 'bluetooth speaker', relevant: /Speaker/ },
  { query: 'charger', relevant: CHARGERS },
  { query: 'fast charger', relevant: CHARGERS },
  { query: 'power bank', relevant: POWER_BANKS },
  { query: 'powerbank', relevant: POWER_BANKS },
  { query: 'type c cable', relevant: CABLES },
  { query: 'usb c cable', relevant: CABLES },
  { query: 'phone cover', relevant: CASES },
  { query: 'smartwatch', relevant: WATCHES },
  { query: 'smart watch', relevant: WATCHES },
  { query: 'tablet', relevant: /iPad|Galaxy Tab|Xiaomi Pad/ },
  // Brand and line.
  { query: 'airpods', relevant: /AirPods/ },
  { query: 'airpods pro', relevant: /AirPods Pro/, first: /AirPods Pro/ },
  { query: 'galaxy buds', relevant: /Galaxy Buds/ },
  { query: 'nothing ear', relevant: /^Nothing Ear/ },
  { query: 'boat airdopes', relevant: /Airdopes/, first: /Airdopes/ },
  { query: 'boat earbuds', relevant: /^boAt (Airdopes|Nirvana)/ },
  { query: 'realme buds', relevant: /^realme Buds/ },
  { query: 'apple watch', relevant: /^Apple Watch/, first: /^Apple Watch/ },
  { query: 'galaxy watch', relevant: /Galaxy Watch/, first: /Galaxy Watch/ },
  { query: 'ipad', relevant: /iPad/, first: /iPad/ },
  {
    query: 'iphone case',
    relevant: /^Apple iPhone 16 Silicone Case/,
    first: /iPhone 16 Silicone Case/,
  },
  { query: 'samsung charger', relevant: /^Samsung 25W/, first: /^Samsung 25W/ },
  { query: 'boat', relevant: /^boAt/ },
]

export interface QueryScore {
  query: string
  precisionAt5: number
  firstRight: boolean | null
  top5: string[]
}

/** Scores one query's answer (titles in order) against its judgement. */
export function scoreQuery(item: RelevanceQuery, titles: readonly string[], relevantCount: number) {
  const top5 = titles.slice(0, 5)
  const hits = top5.filter((title) => item.relevant.test(title)).length
  const out = Math.min(5, Math.max(relevantCount, 1))
  return {
    query: item.query,
    precisionAt5: Math.min(1, hits / out),
    firstRight: item.first ? item.first.test(titles[0] ?? '') : null,
    top5,
  } satisfies QueryScore
}

/** The mean precision@5 and the share of "must come first" queries that did. */
export function summarise(scores: readonly QueryScore[]) {
  const firsts = scores.filter((score) => score.firstRight !== null)
  return {
    queries: scores.length,
    meanPrecisionAt5: scores.reduce((sum, score) => sum + score.precisionAt5, 0) / scores.length,
    firstRight: firsts.filter((score) => score.firstRight).length,
    firstAsked: firsts.length,
  }
}

/**
 * Runs the whole set: `search` answers a query's titles in order, `catalog` is every title a
 * shopper can find (each family once), to count a query's relevant products.
 */
export async function measureRelevance(
  search: (query: string) => Promise<string[]>,
  catalog: readonly string[],
) {
  const scores: QueryScore[] = []
  for (const item of RELEVANCE_SET) {
    const relevantCount = catalog.filter((title) => item.relevant.test(title)).length
    scores.push(scoreQuery(item, await search(item.query), relevantCount))
  }
  return { scores, ...summarise(scores) }
}
