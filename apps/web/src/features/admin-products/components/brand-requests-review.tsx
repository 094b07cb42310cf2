import type { BrandRequest } from '@techbazaar/shared'
import { declineBrandRequestBody } from '@techbazaar/shared'
import { CheckIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { ErrorState } from '@/components/state-views'
import { optionLabel } from '@/lib/catalog/option-label'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useBrandRequests, useDecideBrandRequest } from '../api/brand-requests'

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' })

/** Admins: sellers' pending brand requests, each approved or declined with a reason. */
export function BrandRequestsReview() {
  const requests = useBrandRequests()
  if (requests.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading brand requests" className="flex flex-col gap-2">
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  if (requests.isError) {
    return (
      <ErrorState
        message={messageOf(requests.error, 'We could not load the brand requests.')}
        onRetry={() => void requests.refetch()}
      />
    )
  }
  if (requests.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No brand requests are waiting.</p>
  }
  return (
    <ul aria-label="Brand requests" className="flex flex-col gap-2">
      {requests.data.map((request) => (
        <RequestRow key={request.id} request={request} />
      ))}
    </ul>
  )
}

function RequestRow({ request }: { request: BrandRequest }) {
  const uid = useId()
  const decide = useDecideBrandRequest()
  const [declining, setDeclining] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const name = optionLabel(request.brand)

  function send(declineReason?: string) {
    if (declineReason !== undefined) {
      const parsed = declineBrandRequestBody.safeParse({ reason: declineReason })
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message)
        return
      }
    }
    setError(undefined)
    decide.mutate(
      { id: request.id, reason: declineReason },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (failure) => toast.error(messageOf(failure, 'Something went wrong')),
      },
    )
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p>
          <span className="font-semibold">{name}</span>{' '}
          <span className="text-muted-foreground">
            asked by {request.sellerName} on {when.format(new Date(request.createdAt))}
          </span>
        </p>
      </div>
      {request.note && <p className="text-muted-foreground">“{request.note}”</p>}
      {declining ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor={`${uid}-reason`}>Reason told to the seller</Label>
            <Input
              id={`${uid}-reason`}
              className="h-11"
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <Button
            variant="destructive"
            className="h-11"
            disabled={decide.isPending}
            onClick={() => send(reason)}
          >
            Decline {name}
          </Button>
          <Button variant="outline" className="h-11" onClick={() => setDeclining(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button
            className="h-11"
            aria-label={`Approve ${name}`}
            disabled={decide.isPending}
            onClick={() => send()}
          >
            <CheckIcon aria-hidden="true" />
            Approve
          </Button>
          <Button
            variant="outline"
            className="h-11"
            aria-label={`Decline ${name}`}
            disabled={decide.isPending}
            onClick={() => setDeclining(true)}
          >
            <XIcon aria-hidden="true" />
            Decline
          </Button>
        </div>
      )}
      {error && (
        <p id={`${uid}-error`} role="alert" className="font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  )
}
