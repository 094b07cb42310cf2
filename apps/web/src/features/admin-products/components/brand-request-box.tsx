import { brandRequestBody, type BrandRequest } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { optionLabel } from '@/lib/catalog/option-label'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useBrandRequests, useRequestBrand } from '../api/brand-requests'

const STATUS_TEXT: Record<BrandRequest['status'], string> = {
  pending: 'Waiting for an admin',
  approved: 'Approved: pick it in the list',
  declined: 'Declined',
}

const STATUS_BADGE = {
  pending: 'warning',
  approved: 'success',
  declined: 'destructive',
} as const

/**
 * A seller's "Brand not listed? Ask for it" under the product form's brand list (decision 085):
 * the request goes to the admins; the seller waits and sees its status here, and picks the
 * brand once approved. Not a <form>: it sits inside the product form, and forms do not nest.
 */
export function BrandRequestBox() {
  const uid = useId()
  const [open, setOpen] = useState(false)
  const [brand, setBrand] = useState('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const requests = useBrandRequests()
  const request = useRequestBrand()

  function send() {
    const parsed = brandRequestBody.safeParse({ brand, note })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    request.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message)
        setBrand('')
        setNote('')
        setOpen(false)
      },
      onError: (failure) => setError(messageOf(failure, 'Something went wrong')),
    })
  }

  const shown = (requests.data ?? []).slice(0, 5)

  return (
    <div className="flex flex-col gap-3 text-sm">
      {!open && (
        <Button
          type="button"
          variant="link"
          className="h-11 self-start px-0"
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          Brand not listed? Ask for it
        </Button>
      )}
      {open && (
        <div
          role="group"
          aria-labelledby={`${uid}-title`}
          className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3"
        >
          <p id={`${uid}-title`} className="font-medium">
            Ask for a brand
          </p>
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-brand`}>Brand name</Label>
            <Input
              id={`${uid}-brand`}
              className="h-11"
              value={brand}
              placeholder="e.g. motorola"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
              onChange={(event) => setBrand(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-note`}>Note for the admins (optional)</Label>
            <Textarea
              id={`${uid}-note`}
              rows={2}
              value={note}
              placeholder="What you sell of this brand"
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${uid}-error`} role="alert" className="font-medium text-destructive">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="button" className="h-11" disabled={request.isPending} onClick={send}>
              {request.isPending && (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              )}
              Send request
            </Button>
            <Button
              type="button"
              variant="outline"
              className="h-11"
              onClick={() => {
                setOpen(false)
                setError(undefined)
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
      {shown.length > 0 && (
        <ul aria-label="Your brand requests" className="flex flex-col gap-1">
          {shown.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{optionLabel(r.brand)}</span>
              <Badge variant={STATUS_BADGE[r.status]}>{STATUS_TEXT[r.status]}</Badge>
              {r.reason && <span className="text-muted-foreground">Reason: {r.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
