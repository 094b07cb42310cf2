import type { EarningsPart } from '@techbazaar/shared'
import type * as React from 'react'
import { DeductionsExplained, EarningsParts } from './earnings-parts'

/** Each delivered part's money with the deductions explained, or `empty` when none is. */
export function DeliveredPartsSection({
  parts,
  empty,
}: {
  parts: EarningsPart[]
  empty: React.ReactNode
}) {
  return (
    <section aria-labelledby="parts-title" className="flex flex-col gap-3">
      <h2 id="parts-title" className="text-lg font-semibold">
        Delivered parts
      </h2>
      {parts.length === 0 ? (
        empty
      ) : (
        <>
          <DeductionsExplained />
          <EarningsParts parts={parts} />
        </>
      )}
    </section>
  )
}
