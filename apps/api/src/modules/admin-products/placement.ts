import type { HomeSection, Section, SessionUser } from '@techbazaar/shared'
import { isHomeSection } from '@techbazaar/shared'

export interface Placement {
  section: Section | null
  suggestedSection: HomeSection | null
}

/**
 * Where a saved product goes (decision 085). An admin's section is applied; a pending
 * suggestion stays for the approve/decline buttons unless this section fulfils it. A seller's
 * plain section (or none) is applied and withdraws any suggestion; its home section (featured,
 * top-deals, trending) is kept as the product's `section` only when an admin already put it
 * there, and otherwise becomes the suggestion while the section stays as it was (none, for a
 * new product): a seller's phone no longer lands on the home page at once.
 */
export function placement(
  user: SessionUser,
  chosen: Section | null,
  current: Placement | null,
): Placement {
  if (user.type === 'admin') {
    const pending = current?.suggestedSection ?? null
    return { section: chosen, suggestedSection: pending === chosen ? null : pending }
  }
  if (!isHomeSection(chosen) || chosen === current?.section) {
    return { section: chosen, suggestedSection: null }
  }
  return { section: current?.section ?? null, suggestedSection: chosen }
}
