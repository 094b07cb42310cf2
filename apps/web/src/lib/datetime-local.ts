/*
 * A `datetime-local` field holds "2026-12-01T09:30": a wall-clock time in this browser's zone,
 * with no zone of its own. The API speaks in instants (ISO strings); these convert between the two.
 */

/** An instant as a `datetime-local` field shows it, in this browser's time; none is ''. */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value (this browser's time) as an instant; '' is none (null). */
export function fromDateTimeLocal(local: string): string | null {
  return local ? new Date(local).toISOString() : null
}
