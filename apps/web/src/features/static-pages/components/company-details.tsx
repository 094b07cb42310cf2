import type { MarketplaceIdentity } from '@techbazaar/shared'
import { useShopPolicies } from '@/lib/catalog/get-shop-policies'
import { cn } from '@/lib/utils'

/**
 * The marketplace's legal name, office, customer care and grievance officer, as the server's
 * MARKETPLACE_* settings give them (GET /api/shop/policies): the same values its invoices print,
 * one source (issue 30.2). Server rendering waits for them, so a page never flashes without them;
 * a page drawn in the browser alone shows nothing in their place until they arrive.
 */
export function useMarketplace(): MarketplaceIdentity | undefined {
  return useShopPolicies().data?.marketplace
}

/** A phone number as a tel: link target ("1800 309 4242" → "tel:18003094242"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`
}

export function CompanyLegalName() {
  return <>{useMarketplace()?.legalName}</>
}

/** The registered office on one line. */
export function CompanyAddress() {
  return <>{useMarketplace()?.addressLines.join(', ')}</>
}

export function CareHours() {
  return <>{useMarketplace()?.careHours}</>
}

/** Customer care's email as a mailto link. */
export function CareEmailLink({ className }: { className?: string }) {
  const email = useMarketplace()?.careEmail
  if (!email) return null
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  )
}

/** Customer care's number as a tap-to-call link that never breaks across lines. */
export function PhoneLink({ className }: { className?: string }) {
  const phone = useMarketplace()?.carePhone
  if (!phone) return null
  return (
    <a href={telHref(phone)} className={cn('whitespace-nowrap', className)}>
      {phone}
    </a>
  )
}

/** "Kavya Menon, Grievance Officer, grievance@…, +91 …": whom complaints go to (r.4(4)). */
export function GrievanceOfficerContact({ linkClassName }: { linkClassName?: string }) {
  const officer = useMarketplace()?.grievanceOfficer
  if (!officer) return null
  return (
    <>
      <strong>{officer.name}</strong>, {officer.designation}, at{' '}
      <a href={`mailto:${officer.email}`} className={linkClassName}>
        {officer.email}
      </a>{' '}
      or{' '}
      <a href={telHref(officer.phone)} className={cn('whitespace-nowrap', linkClassName)}>
        {officer.phone}
      </a>
    </>
  )
}

/** The grievance officer's postal and contact block, as the privacy policy prints it. */
export function GrievanceOfficerAddress() {
  const marketplace = useMarketplace()
  if (!marketplace) return null
  const { grievanceOfficer: officer } = marketplace
  return (
    <>
      <strong>
        {officer.name}, {officer.designation}
      </strong>
      <br />
      {marketplace.legalName}
      <br />
      {marketplace.addressLines.join(', ')}
      <br />
      Email: <a href={`mailto:${officer.email}`}>{officer.email}</a>
      <br />
      Phone:{' '}
      <a href={telHref(officer.phone)} className="whitespace-nowrap">
        {officer.phone}
      </a>{' '}
      ({marketplace.careHours})
    </>
  )
}
