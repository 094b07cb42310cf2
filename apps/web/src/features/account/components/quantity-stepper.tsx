import { Minus, Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'

interface QuantityStepperProps {
  /** Whose quantity it is, for screen readers ("Quantity of Pixel 9 to return"). */
  label: string
  value: number
  max: number
  onChange: (value: number) => void
  disabled?: boolean
}

/** A 0..max count with − and + (44 px targets); the count is read out as it changes. */
export function QuantityStepper({ label, value, max, onChange, disabled }: QuantityStepperProps) {
  return (
    <div className="flex items-center rounded-md border" role="group" aria-label={label}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 rounded-r-none"
        aria-label="Fewer"
        disabled={disabled || value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output className="tabular w-8 text-center text-sm font-semibold" aria-live="polite">
        {value}
      </output>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 rounded-l-none"
        aria-label="More"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  )
}
