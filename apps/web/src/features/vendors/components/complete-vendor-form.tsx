import { zodResolver } from '@hookform/resolvers/zod'
import {
  completeVendorBody,
  type CompleteVendorInput,
  type CompleteVendorValues,
  type Vendor,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useCompleteVendor } from '../api/complete-vendor'
import {
  emptySellerDetails,
  SELLER_DETAIL_FIELDS,
  SellerDetailsFields,
} from './seller-details-fields'

/** Completes a seller made without a GSTIN; once saved, an approved one is listed again. */
export function CompleteVendorForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const form = useForm<CompleteVendorInput, unknown, CompleteVendorValues>({
    resolver: zodResolver(completeVendorBody),
    defaultValues: { ...emptySellerDetails, mobile: vendor.mobile ?? '' },
  })
  const complete = useCompleteVendor()
  const submit = form.handleSubmit((values) =>
    complete.mutate(
      { id: vendor._id, ...values },
      {
        onSuccess: (response) => {
          toast.success(`${vendor.userName}: ${response.message}`)
          onDone()
        },
        onError: (error) => {
          showFieldErrors(error, form.setError, SELLER_DETAIL_FIELDS)
          toast.error('Error', { description: messageOf(error, 'Could not save the details') })
        },
      },
    ),
  )
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Seller details of ${vendor.userName}`}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={complete.isPending} className="flex min-w-0 flex-col gap-5">
        <SellerDetailsFields
          idPrefix="complete"
          register={form.register}
          errors={form.formState.errors}
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={complete.isPending}>
        {complete.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        Save details
      </Button>
    </form>
  )
}
