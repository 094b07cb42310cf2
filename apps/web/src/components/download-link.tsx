import { DownloadIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/**
 * A file (a report's CSV, a statement's PDF) as a plain link: the browser downloads it with the
 * session cookie and the server's file name (Content-Disposition), and nothing is held in memory
 * here. `what` completes its name for screen readers ('of the statement for October 2026'), as a
 * page has several.
 */
export function DownloadLink({ href, what, label }: { href: string; what: string; label: string }) {
  return (
    <Button asChild variant="outline" className="h-11 w-fit">
      {/* The name starts with the words on the button, so voice control finds it by them. */}
      <a href={href} download aria-label={`${label} ${what}`}>
        <DownloadIcon aria-hidden="true" />
        {label}
      </a>
    </Button>
  )
}
