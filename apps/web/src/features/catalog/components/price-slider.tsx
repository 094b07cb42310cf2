import { formatRupees, LIMITS } from '@techbazaar/shared'
import { Slider } from 'radix-ui'

/** Slider positions are whole ₹500s: 600 steps over the filter's range, each key press one. */
const STEP = 500

/**
 * The price range as a two-thumb slider beside the Min and Max boxes (issue 32.6): dragging or
 * arrowing a thumb writes its box as it moves (`onMove`), and the range is applied once the
 * thumb is let go (`onCommit`, with the same bounds), so a drag is one listing request, not
 * hundreds. An end of the range is no bound (an empty box).
 */
export function PriceSlider({
  min,
  max,
  onMove,
  onCommit,
}: {
  min: number | undefined
  max: number | undefined
  onMove: (min: number | undefined, max: number | undefined) => void
  onCommit: (min: number | undefined, max: number | undefined) => void
}) {
  const top = LIMITS.priceFilterMax
  const low = Math.min(min ?? 0, top)
  const high = Math.max(Math.min(max ?? top, top), low)
  // An end of the range is no bound at all, so the box empties rather than saying 0 or 300000.
  const bound = (value: number, end: number) => (value === end ? undefined : value)
  return (
    <Slider.Root
      min={0}
      max={top}
      step={STEP}
      minStepsBetweenThumbs={0}
      value={[low, high]}
      onValueChange={([nextLow = 0, nextHigh = top]) =>
        onMove(bound(nextLow, 0), bound(nextHigh, top))
      }
      onValueCommit={([nextLow = 0, nextHigh = top]) =>
        onCommit(bound(nextLow, 0), bound(nextHigh, top))
      }
      className="relative flex h-8 w-full touch-none items-center select-none"
    >
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <Slider.Range className="absolute h-full bg-primary" />
      </Slider.Track>
      {(
        [
          ['Minimum price', low],
          ['Maximum price', high],
        ] as const
      ).map(([label, value]) => (
        <Slider.Thumb
          key={label}
          aria-label={label}
          aria-valuetext={formatRupees(value)}
          className="block size-5 cursor-grab rounded-full border-2 border-primary bg-background shadow-sm transition-shadow outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
        />
      ))}
    </Slider.Root>
  )
}
