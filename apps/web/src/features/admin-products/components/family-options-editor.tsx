import { MAX_OPTION_VALUES, MAX_OPTIONS, OPTION_NAMES, type OptionName } from '@techbazaar/shared'
import { PlusIcon, Trash2Icon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { FormOption } from '../lib/combinations'
import { selectClass } from './product-fields'

interface OptionsEditorProps {
  value: FormOption[]
  onChange: (options: FormOption[]) => void
  /** The error of one option (its values), by its index. */
  errorOf: (index: number) => string | undefined
  disabled?: boolean
}

const HINTS: Record<OptionName, string> = {
  Colour: 'Black',
  Storage: '256 GB',
  RAM: '8 GB',
  Size: 'M',
}

/**
 * The family's options (decision 090): at most three from the shop's list, each with its values
 * typed as chips (Enter or the Add button); a Colour value may carry the swatch shoppers see.
 */
export function FamilyOptionsEditor({ value, onChange, errorOf, disabled }: OptionsEditorProps) {
  const unused = OPTION_NAMES.filter((name) => !value.some((o) => o.name === name))
  const [adding, setAdding] = useState<OptionName | ''>('')
  const update = (index: number, option: FormOption) =>
    onChange(value.map((o, i) => (i === index ? option : o)))

  return (
    <div className="flex flex-col gap-3">
      {value.length === 0 && (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          Add the options shoppers choose between, such as Colour and Storage.
        </p>
      )}
      {value.map((option, index) => (
        <OptionCard
          key={option.name}
          option={option}
          error={errorOf(index)}
          disabled={disabled}
          onChange={(next) => update(index, next)}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      {value.length < MAX_OPTIONS && unused.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-40 flex-1 gap-2 sm:flex-none">
            <Label htmlFor="family-add-option">Add an option</Label>
            <select
              id="family-add-option"
              className={selectClass}
              value={adding}
              disabled={disabled}
              onChange={(event) => setAdding(event.target.value as OptionName | '')}
            >
              <option value="">Choose an option</option>
              {unused.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={disabled || !adding}
            onClick={() => {
              if (!adding) return
              onChange([...value, { name: adding, values: [] }])
              setAdding('')
            }}
          >
            <PlusIcon aria-hidden="true" />
            Add option
          </Button>
        </div>
      )}
    </div>
  )
}

function OptionCard({
  option,
  error,
  disabled,
  onChange,
  onRemove,
}: {
  option: FormOption
  error?: string
  disabled?: boolean
  onChange: (option: FormOption) => void
  onRemove: () => void
}) {
  const [draft, setDraft] = useState('')
  const inputId = `family-option-${option.name}`
  const full = option.values.length >= MAX_OPTION_VALUES
  const isColour = option.name === 'Colour'

  function addValue() {
    const text = draft.trim()
    if (!text || full) return
    // A repeated value (any case) is not added twice; the chip already there stands for it.
    if (!option.values.some((v) => v.value.toLowerCase() === text.toLowerCase()))
      onChange({ ...option, values: [...option.values, { value: text, swatch: null }] })
    setDraft('')
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-3">
      <legend className="sr-only">{option.name}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-semibold">
          {option.name}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-11 text-destructive hover:text-destructive"
          disabled={disabled}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
          Remove {option.name}
        </Button>
      </div>
      {option.values.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${option.name} values`}>
          {option.values.map((v, i) => (
            <li
              key={v.value}
              className="flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-0.5 pl-2 text-sm"
            >
              {isColour && (
                <input
                  type="color"
                  aria-label={`Swatch for ${v.value}`}
                  className="size-6 cursor-pointer rounded-full border-0 bg-transparent p-0"
                  value={v.swatch ?? '#cccccc'}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange({
                      ...option,
                      values: option.values.map((w, j) =>
                        j === i ? { ...w, swatch: event.target.value } : w,
                      ),
                    })
                  }
                />
              )}
              <span>{v.value}</span>
              <button
                type="button"
                aria-label={`Remove ${v.value}`}
                disabled={disabled}
                className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                onClick={() =>
                  onChange({ ...option, values: option.values.filter((_, j) => j !== i) })
                }
              >
                <XIcon aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={inputId} className="sr-only">
            New {option.name} value
          </Label>
          <Input
            id={inputId}
            className="h-11"
            placeholder={
              full ? `At most ${MAX_OPTION_VALUES} values` : `e.g. ${HINTS[option.name]}`
            }
            value={draft}
            maxLength={40}
            disabled={disabled || full}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the value; it must not submit the whole form.
              if (event.key === 'Enter') {
                event.preventDefault()
                addValue()
              }
            }}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={disabled || full || !draft.trim()}
          onClick={addValue}
        >
          Add<span className="sr-only"> {option.name} value</span>
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
