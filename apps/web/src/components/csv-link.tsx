import { DownloadLink } from '@/components/download-link'

/** A report's CSV as a download link, 'Download CSV' unless the page names it otherwise. */
export function CsvLink({
  href,
  what,
  label = 'Download CSV',
}: {
  href: string
  what: string
  label?: string
}) {
  return <DownloadLink href={href} what={what} label={label} />
}
