import {
  type CommissionSchedule,
  type CommissionScheduleInput,
  commissionScheduleInput,
  formatShopDay,
} from '@techbazaar/shared'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Field, FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useScheduleCommissionChange } from '../api/commission-schedule'
import { categoryLabel } from './schedule-list'

/** The select's value for the catch-all (a category is never spelled so). */
const CATCH_ALL = '*'

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

/** A band as typed: text, so a half-typed number is not lost; the schema reads it on submit. */
interface BandDraft {
  key: number
  min: string
  max: string
  percent: string
  fee: string
  reversed: boolean
}

type Errors = Record<string, string>

let nextKey = 0
const draft = (fields: Omit<BandDraft, 'key'>): BandDraft => ({ key: nextKey++, ...fields })

/**
 * The bands to start from: the category's latest schedule (a scheduled change, else the one in
 * force), else the catch-all's, which is what the category follows today.
 */
function startingBands(schedule: CommissionSchedule, category: string | null): BandDraft[] {
  const latest = (of: string | null) => {
    const rows = schedule.rules.filter((r) => r.category === of && r.state !== 'ended')
    const start = rows.reduce((a, r) => (r.effectiveFrom > a ? r.effectiveFrom : a), '')
    return rows.filter((r) => r.state === 'inForce' || r.effectiveFrom === start)
  }
  let rows = latest(category)
  if (rows.some((r) => r.state === 'scheduled')) rows = rows.filter((r) => r.state === 'scheduled')
  if (rows.length === 0) rows = latest(null).filter((r) => r.state === 'inForce')
  if (rows.length === 0) {
    return [draft({ min: '0', max: '', percent: '', fee: '', reversed: true })]
  }
  return rows.map((r) =>
    draft({
      min: String(r.minUnitRupees),
      max: r.maxUnitRupees === null ? '' : String(r.maxUnitRupees),
      percent: String(r.percent),
      fee: String(r.closingFeeRupees),
      reversed: r.commissionReversedOnReturn,
    }),
  )
}

/** Empty text is no number (the schema says what is missing); the upper bound's means none. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** Where an error's path is shown: the id of its input. */
const fieldId = (path: string) => `commission-${path.replaceAll('.', '-')}`

/** Schedules a change for one category from a date: its complete bands, after a confirmation. */
export function ScheduleEditor({ schedule }: { schedule: CommissionSchedule }) {
  const save = useScheduleCommissionChange()
  const [category, setCategory] = useState(schedule.categories[0] ?? CATCH_ALL)
  const [effectiveFrom, setEffectiveFrom] = useState('')
  const [bands, setBands] = useState(() => startingBands(schedule, schedule.categories[0] ?? null))
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState<CommissionScheduleInput | null>(null)
  const submit = useRef<HTMLButtonElement>(null)

  const chooseCategory = (value: string) => {
    setCategory(value)
    setBands(startingBands(schedule, value === CATCH_ALL ? null : value))
    setErrors({})
  }
  const edit = (key: number, change: Partial<BandDraft>) =>
    setBands((all) => all.map((b) => (b.key === key ? { ...b, ...change } : b)))
  const addBand = () =>
    setBands((all) => {
      // A new band starts where the last one ended; the last one then needs an upper bound.
      const last = all[all.length - 1]
      return [
        ...all,
        draft({ min: last?.max ?? '', max: '', percent: '', fee: '', reversed: true }),
      ]
    })

  const showErrors = (found: Errors) => {
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = commissionScheduleInput.safeParse({
      effectiveFrom,
      category: category === CATCH_ALL ? null : category,
      bands: bands.map((b) => ({
        minUnitRupees: numberOf(b.min),
        maxUnitRupees: b.max.trim() === '' ? null : numberOf(b.max),
        percent: numberOf(b.percent),
        closingFeeRupees: numberOf(b.fee),
        commissionReversedOnReturn: b.reversed,
      })),
    })
    const found: Errors = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.')
        found[path] ??= issue.message
      }
    }
    // The server checks it too; saying so here spares a round trip.
    if (!found.effectiveFrom && effectiveFrom < schedule.today) {
      found.effectiveFrom = 'Choose today or a later date'
    }
    if (!parsed.success || Object.keys(found).length > 0) return showErrors(found)
    setErrors({})
    setPending(parsed.data)
  }

  const onConfirm = () => {
    if (!pending) return
    save.mutate(pending, {
      onSuccess: () => {
        setPending(null)
        toast.success(
          `Commission for ${categoryLabel(pending.category).toLowerCase()} changes from ${formatShopDay(pending.effectiveFrom)}`,
        )
        setEffectiveFrom('')
      },
      onError: (error) => {
        setPending(null)
        if (error instanceof ApiError && error.errors?.length) {
          showErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])))
        }
        toast.error(messageOf(error, 'The change could not be scheduled.'))
      },
    })
  }

  const bandError = errors.bands
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="commission-category" label="Category" error={errors.category}>
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={category}
              onChange={(e) => chooseCategory(e.target.value)}
            >
              {schedule.categories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
              <option value={CATCH_ALL}>{categoryLabel(null)}</option>
            </select>
          )}
        </Field>
        <FormField
          id={fieldId('effectiveFrom')}
          label="Takes effect from"
          type="date"
          min={schedule.today}
          value={effectiveFrom}
          onChange={(e) => setEffectiveFrom(e.target.value)}
          error={errors.effectiveFrom}
          description="From midnight India time (today: from now). Earlier deliveries keep their rates."
        />
      </div>

      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Bands of unit price, GST included: each from its lower bound up to, not including, its
          upper one. Leave the last band’s upper bound empty.
        </p>
        {bandError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {bandError}
          </p>
        )}
        {bands.map((band, i) => (
          <fieldset key={band.key} className="grid gap-3 rounded-md border p-3 sm:grid-cols-5">
            <legend className="px-1 text-sm font-medium">Band {i + 1}</legend>
            <FormField
              id={fieldId(`bands.${i}.minUnitRupees`)}
              label="From (₹)"
              inputMode="decimal"
              value={band.min}
              onChange={(e) => edit(band.key, { min: e.target.value })}
              error={errors[`bands.${i}.minUnitRupees`]}
            />
            <FormField
              id={fieldId(`bands.${i}.maxUnitRupees`)}
              label="Up to (₹)"
              inputMode="decimal"
              placeholder="No limit"
              value={band.max}
              onChange={(e) => edit(band.key, { max: e.target.value })}
              error={errors[`bands.${i}.maxUnitRupees`]}
            />
            <FormField
              id={fieldId(`bands.${i}.percent`)}
              label="Commission (%)"
              inputMode="decimal"
              value={band.percent}
              onChange={(e) => edit(band.key, { percent: e.target.value })}
              error={errors[`bands.${i}.percent`]}
            />
            <FormField
              id={fieldId(`bands.${i}.closingFeeRupees`)}
              label="Closing fee (₹)"
              inputMode="decimal"
              value={band.fee}
              onChange={(e) => edit(band.key, { fee: e.target.value })}
              error={errors[`bands.${i}.closingFeeRupees`]}
            />
            <div className="flex flex-col justify-end gap-2">
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={band.reversed}
                  onChange={(e) => edit(band.key, { reversed: e.target.checked })}
                />
                Reversed on return
              </label>
              <Button
                type="button"
                variant="outline"
                className="h-11"
                disabled={bands.length === 1}
                aria-label={`Remove band ${i + 1}`}
                onClick={() => setBands((all) => all.filter((b) => b.key !== band.key))}
              >
                <Trash2Icon aria-hidden="true" />
                Remove
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="outline" className="h-11" onClick={addBand}>
            <PlusIcon aria-hidden="true" />
            Add band
          </Button>
        </div>
      </div>

      <div>
        <Button ref={submit} type="submit" className="h-11">
          Schedule change
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null)
        }}
        title="Schedule this change?"
        description={
          pending && (
            <>
              {categoryLabel(pending.category)} will be charged by these {pending.bands.length}{' '}
              band(s) from {formatShopDay(pending.effectiveFrom)}. It replaces any change already
              scheduled for it from that date on; deliveries before then keep their rates.
            </>
          )
        }
        confirmLabel="Schedule change"
        busyLabel="Scheduling…"
        busy={save.isPending}
        returnFocus={() => submit.current}
        onConfirm={onConfirm}
      />
    </form>
  )
}
