import { formatShopDate, type SellerSettlementRow } from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

/** An admin's hold, its reason and since when; a dash when payouts run. */
export function HoldState({ hold }: { hold: SellerSettlementRow['hold'] }) {
  if (!hold) return <span className="text-muted-foreground">—</span>
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant="destructive">Held</Badge>
      <span className="text-xs break-words">{hold.reason}</span>
      <span className="text-xs text-muted-foreground">
        since <time dateTime={hold.since}>{formatShopDate(hold.since, 'medium')}</time>
      </span>
    </span>
  )
}
