import {
  type CommissionRuleState,
  type CommissionSchedule,
  type CommissionScheduleInput,
  paiseToRupees,
  rupeesToPaise,
  shopDay,
} from '@techbazaar/shared'
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { commissionRules, products, settlementEntries, users } from '../../db/schema'
import { badRequest } from '../../lib/errors'

/*
 * The admins' commission schedule (docs/decisions/062-commission-schedule-editor.md). A change
 * is new rows plus an end date on the rows it replaces, never an edit of a rate: the ledger's
 * entries point at the rule that priced them, and that rule must keep saying what it said.
 */

type RuleRow = typeof commissionRules.$inferSelect

/** Midnight in India at the start of `day` (`YYYY-MM-DD`). */
const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`)

const categoryIs = (category: string | null) =>
  category === null ? isNull(commissionRules.category) : eq(commissionRules.category, category)

function stateOf(rule: RuleRow, now: Date): CommissionRuleState {
  if (rule.effectiveTo !== null && rule.effectiveTo.getTime() <= now.getTime()) return 'ended'
  return rule.effectiveFrom.getTime() > now.getTime() ? 'scheduled' : 'inForce'
}

/** The schedule in force at `now` and the changes scheduled after it (and, on request, the ended). */
export async function readCommissionSchedule(
  db: Db | Tx,
  now: Date,
  options: { history?: boolean } = {},
): Promise<CommissionSchedule> {
  const rows = await db
    .select({ rule: commissionRules, setBy: users.userName })
    .from(commissionRules)
    .leftJoin(users, eq(users.id, commissionRules.createdBy))
    .where(
      options.history
        ? undefined
        : or(isNull(commissionRules.effectiveTo), gt(commissionRules.effectiveTo, now)),
    )
  // The catch-all last: it is what every category without its own rows falls back to.
  rows.sort(
    ({ rule: a }, { rule: b }) =>
      (a.category === null ? 1 : 0) - (b.category === null ? 1 : 0) ||
      (a.category ?? '').localeCompare(b.category ?? '') ||
      a.effectiveFrom.getTime() - b.effectiveFrom.getTime() ||
      a.minUnitPaise - b.minUnitPaise,
  )
  const catalogue = await db.selectDistinct({ category: products.category }).from(products)
  const categories = [
    ...new Set([
      ...catalogue.map((p) => p.category),
      ...rows.flatMap(({ rule: r }) => (r.category === null ? [] : [r.category])),
    ]),
  ].sort()
  return {
    today: shopDay(now),
    categories,
    rules: rows.map(({ rule: r, setBy }) => ({
      id: r.id,
      category: r.category,
      minUnitRupees: paiseToRupees(r.minUnitPaise),
      maxUnitRupees: r.maxUnitPaise === null ? null : paiseToRupees(r.maxUnitPaise),
      // Basis points are hundredths of a percent: two decimals at most, exactly.
      percent: r.percentBp / 100,
      closingFeeRupees: paiseToRupees(r.closingFeePaise),
      commissionReversedOnReturn: r.commissionReversedOnReturn,
      effectiveFrom: r.effectiveFrom.toISOString(),
      effectiveTo: r.effectiveTo?.toISOString() ?? null,
      state: stateOf(r, now),
      // Who scheduled it (an admin's account name) and when; null: the default schedule.
      setBy: r.createdBy ? (setBy ?? 'A removed account') : null,
      setAt: r.createdAt?.toISOString() ?? null,
    })),
  }
}

/**
 * Schedules `input`'s bands for its category from its date. The date is today or later in India;
 * the change starts at that day's midnight IST, or now when the day is today, so a delivery
 * already priced today keeps the rule that priced it in force at its moment. In one transaction:
 * the category's rules in force at the start end there; its changes scheduled from the start on
 * are withdrawn (deleted when no entry points at them, else ended at their own start); the new
 * rows are inserted.
 */
export async function scheduleCommissionChange(
  db: Db,
  now: Date,
  input: CommissionScheduleInput,
  adminId: string,
): Promise<CommissionSchedule> {
  if (input.effectiveFrom < shopDay(now)) {
    throw badRequest('A change cannot take effect in the past', [
      { path: 'effectiveFrom', message: 'Choose today or a later date' },
    ])
  }
  const midnight = istMidnight(input.effectiveFrom)
  const start = midnight.getTime() < now.getTime() ? now : midnight
  const category = input.category

  await db.transaction(async (tx) => {
    // Two admins saving the same category at once would each end the other's rows: one at a time.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`commission:${category ?? '*'}`}))`,
    )
    const live = await tx
      .select()
      .from(commissionRules)
      .where(
        and(
          categoryIs(category),
          or(isNull(commissionRules.effectiveTo), gt(commissionRules.effectiveTo, start)),
        ),
      )
    const inForce = live.filter((r) => r.effectiveFrom.getTime() < start.getTime())
    const later = live.filter((r) => r.effectiveFrom.getTime() >= start.getTime())
    if (inForce.length > 0) {
      await tx
        .update(commissionRules)
        .set({ effectiveTo: start })
        .where(
          inArray(
            commissionRules.id,
            inForce.map((r) => r.id),
          ),
        )
    }
    if (later.length > 0) {
      const used = new Set(
        (
          await tx
            .selectDistinct({ ruleId: settlementEntries.ruleId })
            .from(settlementEntries)
            .where(
              inArray(
                settlementEntries.ruleId,
                later.map((r) => r.id),
              ),
            )
        ).map((e) => e.ruleId),
      )
      const unused = later.filter((r) => !used.has(r.id)).map((r) => r.id)
      if (unused.length > 0) {
        await tx.delete(commissionRules).where(inArray(commissionRules.id, unused))
      }
      // A rule that has priced an entry stays, ended before it began to apply from now on.
      for (const rule of later.filter((r) => used.has(r.id))) {
        await tx
          .update(commissionRules)
          .set({ effectiveTo: rule.effectiveFrom })
          .where(eq(commissionRules.id, rule.id))
      }
    }
    await tx.insert(commissionRules).values(
      input.bands.map((band) => ({
        category,
        minUnitPaise: rupeesToPaise(band.minUnitRupees),
        maxUnitPaise: band.maxUnitRupees === null ? null : rupeesToPaise(band.maxUnitRupees),
        percentBp: Math.round(band.percent * 100),
        closingFeePaise: rupeesToPaise(band.closingFeeRupees),
        commissionReversedOnReturn: band.commissionReversedOnReturn,
        effectiveFrom: start,
        effectiveTo: null,
        createdBy: adminId,
        createdAt: now,
      })),
    )
  })
  return readCommissionSchedule(db, now)
}
