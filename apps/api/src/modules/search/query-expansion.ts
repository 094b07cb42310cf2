import type { HsnCode } from '@techbazaar/shared'
import { CONCEPTS, IRREGULAR_PLURALS, PHRASES, SPELLINGS, type SearchConcept } from './synonyms'

/** At most this many words of a keyword are expanded (a keyword holds up to 100 characters). */
const MAX_EXPANDED_WORDS = 12

/** One word of a keyword with what it also stands for (synonyms.ts). */
export interface ExpandedWord {
  word: string
  /** The word itself, its singular and plural and its other spellings. */
  forms: string[]
  /** Other words for the same kind of product (phrases included), none of `forms`. */
  synonyms: string[]
  /** HSN codes of the kinds of product the word names. */
  hsn: HsnCode[]
}

const IRREGULAR_SINGULARS = Object.fromEntries(
  Object.entries(IRREGULAR_PLURALS).map(([one, many]) => [many, one]),
)

/**
 * Singular and plural of a latin word ("headphone" ⇄ "headphones", "accessory" ⇄ "accessories"),
 * the word alone otherwise. Short words and words with digits are left as they are ("s24",
 * "pro"), so model names stay exact.
 */
export function pluralForms(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [word]
  const forms = new Set([word])
  const irregular = IRREGULAR_PLURALS[word] ?? IRREGULAR_SINGULARS[word]
  if (irregular) forms.add(irregular)
  else if (word.endsWith('ies')) forms.add(`${word.slice(0, -3)}y`)
  else if (/(ss|us|is)$/.test(word)) forms.add(`${word}es`)
  else if (/(ches|shes|xes)$/.test(word)) forms.add(word.slice(0, -2))
  else if (word.endsWith('s')) forms.add(word.slice(0, -1))
  else if (/[^aeiou]y$/.test(word)) forms.add(`${word.slice(0, -1)}ies`)
  else if (/(ch|sh|x)$/.test(word)) forms.add(`${word}es`)
  else forms.add(`${word}s`)
  return [...forms]
}

/** The word's forms: singular, plural and other spellings of each. */
export function wordForms(word: string): string[] {
  const forms = new Set<string>()
  for (const form of pluralForms(word)) {
    forms.add(form)
    for (const spellings of SPELLINGS) {
      if (spellings.includes(form)) for (const other of spellings) forms.add(other)
    }
  }
  return [...forms]
}

/** The kinds of product a word (in any of its forms) names. */
export function conceptsOf(word: string): SearchConcept[] {
  const forms = wordForms(word)
  return CONCEPTS.filter((concept) => forms.some((form) => concept.words.includes(form)))
}

/** Two-word phrases of the list made one word: "smart watch" → "smartwatch". */
export function joinPhrases(keyword: string): string {
  const words = keyword.split(' ')
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ''}`
    const joined = i + 1 < words.length ? PHRASES[pair] : undefined
    if (joined) {
      out.push(joined)
      i++
    } else out.push(words[i] as string)
  }
  return out.join(' ')
}

/**
 * The keyword's words (lower-case, single-spaced as the shared schema gives it), each with its
 * forms, synonyms and kinds. Words without a letter or digit (quotes, dashes) are dropped.
 */
export function expandKeyword(keyword: string): ExpandedWord[] {
  const words = joinPhrases(keyword)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
  const unique = [...new Set(words)].slice(0, MAX_EXPANDED_WORDS)
  return unique.map((word) => {
    const forms = wordForms(word)
    const concepts = conceptsOf(word)
    const synonyms = new Set(concepts.flatMap((concept) => concept.words))
    for (const form of forms) synonyms.delete(form)
    return {
      word,
      forms,
      synonyms: [...synonyms],
      hsn: [...new Set(concepts.flatMap((concept) => concept.hsn))],
    }
  })
}

/**
 * Kinds of product a shopper may be typing: the last word is the start of one of their words
 * ("smartw", "mob") or any word names one. For suggestions.
 */
export function conceptsMatching(keyword: string): SearchConcept[] {
  const words = joinPhrases(keyword).split(' ')
  const last = words.at(-1) ?? ''
  return CONCEPTS.filter(
    (concept) =>
      (last.length >= 2 && concept.words.some((word) => word.startsWith(last))) ||
      words.some((word) => conceptsOf(word).includes(concept)),
  )
}
