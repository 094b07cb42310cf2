import {
  type CommissionRuleView,
  type CommissionSchedule,
  formatRupees,
  formatShopDate,
} from '@techbazaar/shared'
import { ListView, type Column } from '@/components/list-view'
import { Badge } from '@/components/ui/badge'

/** The catch-all's name wherever a category is shown. */
export const categoryLabel = (category: string | null) =>
  category === null ? 'Every other category' : category.charAt(0).toUpperCase() + category.slice(1)

/** "₹300 to ₹12,000", "₹12,000 and above": the band's unit prices, GST included. */
export const bandLabel = (rule: Pick<CommissionRuleView, 'minUnitRupees' | 'maxUnitRupees'>) =>
  rule.maxUnitRupees === null
    ? `${formatRupees(rule.minUnitRupees)} and above`
    : `${formatRupees(rule.minUnitRupees)} to ${formatRupees(rule.maxUnitRupees)}`

const COLUMNS: Column<CommissionRuleView>[] = [
  { header: 'Unit price', cell: bandLabel, className: 'tabular' },
  { header: 'Commission', cell: (r) => `${r.percent}%`, className: 'tabular font-semibold' },
  { header: 'Closing fee', cell: (r) => formatRupees(r.closingFeeRupees), className: 'tabular' },
  {
    header: 'Reversed on return',
    cell: (r) => (r.commissionReversedOnReturn ? 'Yes' : 'No'),
  },
]

/** One category's rows that start together: the schedule in force, or one scheduled change. */
interface Group {
  key: string
  category: string | null
  state: CommissionRuleView['state']
  effectiveFrom: string
  effectiveTo: string | null
  /** Who scheduled the group's first row and when (null: the default schedule). */
  setBy: string | null
  setAt: string | null
  rules: CommissionRuleView[]
}

function groupsOf(rules: CommissionRuleView[]): Group[] {
  const groups = new Map<string, Group>()
  for (const rule of rules) {
    // Rows in force may have started on different days; they are one schedule all the same.
    const start = rule.state === 'inForce' ? 'now' : rule.effectiveFrom
    const key = `${rule.category ?? '*'}|${rule.state}|${start}`
    const group = groups.get(key)
    if (!group) {
      groups.set(key, { key, ...rule, rules: [rule] })
      continue
    }
    group.rules.push(rule)
    // The schedule in force lasts until its first row ends (a change ends them all at once).
    if (rule.effectiveTo && (!group.effectiveTo || rule.effectiveTo < group.effectiveTo)) {
      group.effectiveTo = rule.effectiveTo
    }
  }
  return [...groups.values()]
}

function GroupHeading({ group }: { group: Group }) {
  const from = formatShopDate(group.effectiveFrom, 'medium')
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="text-base font-semibold">{categoryLabel(group.category)}</h3>
      {group.state === 'scheduled' ? (
        <Badge variant="warning">From {from}</Badge>
      ) : group.state === 'ended' ? (
        <Badge variant="outline">Ended</Badge>
      ) : (
        <Badge variant="success">In force</Badge>
      )}
      {group.state === 'inForce' && group.effectiveTo && (
        <span className="text-sm text-muted-foreground">
          until {formatShopDate(group.effectiveTo, 'medium')}
        </span>
      )}
      <span className="text-sm text-muted-foreground">
        {group.setBy && group.setAt
          ? `· set by ${group.setBy} on ${formatShopDate(group.setAt, 'medium')}`
          : '· the default schedule'}
      </span>
    </div>
  )
}

/**
 * The schedule by category (the catch-all last, as the server orders it): the bands in force,
 * then each change scheduled to start later.
 */
export function ScheduleList({ schedule }: { schedule: CommissionSchedule }) {
  const groups = groupsOf(schedule.rules)
  const scheduled = groups.filter((g) => g.state === 'scheduled')
  const inForce = groups.filter((g) => g.state === 'inForce')
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="in-force-title" className="flex flex-col gap-4">
        <h2 id="in-force-title" className="text-lg font-semibold">
          In force today
        </h2>
        {inForce.map((group) => (
          <div key={group.key} className="flex flex-col gap-2">
            <GroupHeading group={group} />
            <ListView
              caption={`${categoryLabel(group.category)}: commission in force`}
              columns={COLUMNS}
              rows={group.rules}
              rowKey={(r) => r.id}
            />
          </div>
        ))}
      </section>
      <section aria-labelledby="scheduled-title" className="flex flex-col gap-4">
        <h2 id="scheduled-title" className="text-lg font-semibold">
          Scheduled changes
        </h2>
        {scheduled.length === 0 ? (
          <p className="text-sm text-muted-foreground">No change is scheduled.</p>
        ) : (
          scheduled.map((group) => (
            <div key={group.key} className="flex flex-col gap-2">
              <GroupHeading group={group} />
              <ListView
                caption={`${categoryLabel(group.category)}: commission from ${formatShopDate(group.effectiveFrom, 'medium')}`}
                columns={COLUMNS}
                rows={group.rules}
                rowKey={(r) => r.id}
              />
            </div>
          ))
        )}
      </section>
    </div>
  )
}
