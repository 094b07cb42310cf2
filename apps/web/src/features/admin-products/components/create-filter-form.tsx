import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { messageOf } from '@/lib/server-errors'
import { createFilterInputSchema, useCreateFilter } from '../api/create-filter'

type Input = z.input<typeof createFilterInputSchema>
type Output = z.output<typeof createFilterInputSchema>

/** Admins add a category and a brand to the shop's filter lists (spec §2, both required). */
export function CreateFilterForm({ onDone }: { onDone: () => void }) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createFilterInputSchema),
    defaultValues: { category: '', brand: '' },
  })
  const createFilter = useCreateFilter()
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    createFilter.mutate(values, {
      onSuccess: (response) => {
        toast.success(response.message)
        form.reset()
        onDone()
      },
      onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
    }),
  )

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Create filter"
      className="grid gap-4 rounded-xl border bg-background p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <FormField
        id="filter-category"
        label="Category"
        placeholder="e.g. wearables"
        error={errors.category?.message}
        {...form.register('category')}
      />
      <FormField
        id="filter-brand"
        label="Brand"
        placeholder="e.g. noise"
        error={errors.brand?.message}
        {...form.register('brand')}
      />
      <Button type="submit" className="h-11 sm:mt-[1.375rem]" disabled={createFilter.isPending}>
        {createFilter.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        {createFilter.isPending ? 'Creating...' : 'Create Filter'}
      </Button>
    </form>
  )
}
