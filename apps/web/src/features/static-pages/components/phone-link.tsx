import { cn } from '@/lib/utils'
import { company } from '../content/company'

/** The support number as a tap-to-call link that never breaks across lines. */
export function PhoneLink({ className }: { className?: string }) {
  return (
    <a href={company.phone.href} className={cn('whitespace-nowrap', className)}>
      {company.phone.display}
    </a>
  )
}
