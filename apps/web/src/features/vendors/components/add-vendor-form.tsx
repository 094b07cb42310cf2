import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import {
  createVendorInputSchema,
  type CreateVendorValues,
  useCreateVendor,
} from '../api/create-vendor'
import {
  emptySellerDetails,
  SELLER_DETAIL_FIELDS,
  SellerDetailsFields,
} from './seller-details-fields'

type Input = z.input<typeof createVendorInputSchema>
const FIELDS = ['userName', 'email', 'password', ...SELLER_DETAIL_FIELDS] as const

/**
 * "Add New Vendor": role admin and type vendor are fixed; the seller starts Approved, so it asks
 * what seller registration asks (GSTIN, mobile) and the address its GST invoices print.
 */
export function AddVendorForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm<Input, unknown, CreateVendorValues>({
    resolver: zodResolver(createVendorInputSchema),
    defaultValues: { userName: '', email: '', password: '', ...emptySellerDetails },
  })
  const createVendor = useCreateVendor()
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    createVendor.mutate(values, {
      onSuccess: (response) => {
        toast.success(response.message)
        form.reset()
        onCreated()
      },
      onError: (error) => {
        showFieldErrors(error, form.setError, FIELDS)
        toast.error('Error', { description: messageOf(error, 'Failed to create vendor') })
      },
    }),
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Add new vendor" className="flex flex-col gap-5">
      <fieldset disabled={createVendor.isPending} className="flex min-w-0 flex-col gap-5">
        <FormField
          id="vendor-userName"
          label="Username"
          autoComplete="off"
          placeholder="Store or owner name"
          error={errors.userName?.message}
          {...form.register('userName')}
        />
        <FormField
          id="vendor-email"
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="seller@example.in"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          id="vendor-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 8 characters with letters and a number."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SellerDetailsFields idPrefix="vendor" register={form.register} errors={errors} />
      </fieldset>
      <Button type="submit" size="lg" disabled={createVendor.isPending}>
        {createVendor.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        Create Vendor
      </Button>
    </form>
  )
}
