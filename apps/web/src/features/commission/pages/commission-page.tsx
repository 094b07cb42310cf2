import { DocumentTitle } from '@/components/document-title'
import { LoadFailed, LoadingRows } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useCommissionSchedule } from '../api/commission-schedule'
import { ScheduleEditor } from '../components/schedule-editor'
import { ScheduleList } from '../components/schedule-list'

function ScheduleBody() {
  const schedule = useCommissionSchedule()
  if (schedule.isPending) return <LoadingRows label="Loading the commission schedule" />
  if (schedule.isError) {
    return (
      <LoadFailed
        message={messageOf(schedule.error, 'We could not load the commission schedule.')}
        onRetry={() => void schedule.refetch()}
      />
    )
  }
  return (
    <>
      <ScheduleList schedule={schedule.data} />
      <section aria-labelledby="editor-title" className="flex flex-col gap-4">
        <h2 id="editor-title" className="text-lg font-semibold">
          Schedule a change
        </h2>
        <ScheduleEditor schedule={schedule.data} />
      </section>
    </>
  )
}

/**
 * /admin/commission: the commission schedule in force by category, the changes scheduled, and
 * the editor that schedules one (issue 28, decision 62).
 */
export default function CommissionPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <DocumentTitle>Commission schedule | TechBazaar Admin</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Commission schedule
        </h1>
        <p className="text-sm text-muted-foreground">
          What the marketplace charges sellers per line, by category and unit price. Amounts in
          rupees; changes start on a date and never reprice earlier deliveries.
        </p>
      </div>
      <ScheduleBody />
    </section>
  )
}
