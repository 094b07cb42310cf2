import { z } from 'zod'

/**
 * The admins' commission schedule editor (issue 28, docs/decisions/062-commission-schedule-editor.md).
 * The database keeps paise and basis points; the edge speaks rupees and percent, each with at
 * most two decimals so the conversion back is exact.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** At most two decimals: 12.5 and 12.55 pass, 12.555 does not (it would not survive the trip to paise). */
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

const rupees = (label: string) =>
  z
    .number(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine(twoDecimals, `${label} can have at most 2 decimals`)

/** One unit-price band of a category's schedule, as the editor sends it. */
export const commissionBandInput = z.object({
  /** The band holds unit prices (GST included) from min, included, up to max, not included. */
  minUnitRupees: rupees('The lower bound'),
  /** Null: no upper bound (the last band). */
  maxUnitRupees: rupees('The upper bound').nullable(),
  percent: z
    .number('Enter a percentage')
    .min(0, 'The percentage cannot be negative')
    .max(100, 'The percentage cannot be above 100')
    .refine(twoDecimals, 'The percentage can have at most 2 decimals'),
  closingFeeRupees: rupees('The closing fee'),
  commissionReversedOnReturn: z.boolean(),
})
export type CommissionBandInput = z.infer<typeof commissionBandInput>

/** A calendar day in India, `YYYY-MM-DD`, that exists. */
const shopDayInput = z
  .string('Choose a date')
  .regex(DAY_PATTERN, 'Use the form YYYY-MM-DD')
  .refine((day) => {
    const d = new Date(`${day}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day
  }, 'Not a real date')

/**
 * The bands' order is checked even when a band has its own mistakes (zod skips refinements of
 * an invalid value otherwise), so the editor shows every problem at once; it only needs objects.
 */
const bandsReadable = {
  when: (payload: { value: unknown }) =>
    Array.isArray(payload.value) &&
    payload.value.every((band) => typeof band === 'object' && band !== null),
}

/**
 * A change to one category's schedule (null: the catch-all for categories without their own):
 * its complete list of bands from `effectiveFrom` on. The bands must cover every price once:
 * sorted, the first from ₹0, each starting where the one before ends, the last open-ended. That
 * the date is today or later needs the shop's clock, so the API checks it (and the editor too).
 */
export const commissionScheduleInput = z.object({
  effectiveFrom: shopDayInput,
  category: z
    .string()
    .trim()
    .min(1, 'Enter a category, or choose every other category')
    .max(60, 'The category is too long')
    .nullable(),
  bands: z
    .array(commissionBandInput)
    .min(1, 'Add at least one band')
    .max(20, 'At most 20 bands')
    .superRefine((bands, ctx) => {
      const at = (index: number, field: keyof CommissionBandInput, message: string) =>
        ctx.addIssue({ code: 'custom', path: [index, field], message })
      bands.forEach((band, i) => {
        if (i === 0 && band.minUnitRupees !== 0)
          at(i, 'minUnitRupees', 'The first band starts at ₹0')
        if (i > 0) {
          const previousMax = bands[i - 1]!.maxUnitRupees
          if (previousMax !== null && band.minUnitRupees !== previousMax) {
            at(i, 'minUnitRupees', 'Start where the band before ends (no gap or overlap)')
          }
        }
        const last = i === bands.length - 1
        if (last && band.maxUnitRupees !== null) {
          at(i, 'maxUnitRupees', 'The last band has no upper bound')
        }
        if (!last && band.maxUnitRupees === null) {
          at(i, 'maxUnitRupees', 'Only the last band is open-ended')
        }
        if (band.maxUnitRupees !== null && band.maxUnitRupees <= band.minUnitRupees) {
          at(i, 'maxUnitRupees', 'The upper bound must be above the lower bound')
        }
      })
    }, bandsReadable),
})
export type CommissionScheduleInput = z.infer<typeof commissionScheduleInput>

export const commissionRulesQuery = z.object({
  /** `true`: the ended rules too (the schedule's history). */
  history: z
    .enum(['true', 'false'], 'history must be true or false')
    .optional()
    .transform((history) => history === 'true'),
})

export const COMMISSION_RULE_STATES = ['inForce', 'scheduled', 'ended'] as const
export type CommissionRuleState = (typeof COMMISSION_RULE_STATES)[number]

const commissionRuleView = z.object({
  id: z.string(),
  category: z.string().nullable(),
  minUnitRupees: z.number(),
  maxUnitRupees: z.number().nullable(),
  percent: z.number(),
  closingFeeRupees: z.number(),
  commissionReversedOnReturn: z.boolean(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  state: z.enum(COMMISSION_RULE_STATES),
  /** The admin who scheduled the band (account name) and when; null: the default schedule. */
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
})
export type CommissionRuleView = z.infer<typeof commissionRuleView>

export const commissionScheduleResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** The shop's day now (IST): the earliest date a change may take effect from. */
    today: z.string(),
    /** Categories the editor offers: the catalogue's and the schedule's own. */
    categories: z.array(z.string()),
    /** By category (the catch-all last), then start, then lower bound. */
    rules: z.array(commissionRuleView),
  }),
})
export type CommissionScheduleResponse = z.infer<typeof commissionScheduleResponse>
export type CommissionSchedule = CommissionScheduleResponse['data']
