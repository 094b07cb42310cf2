import {
  COUPON_SCOPES,
  couponBody,
  DISCOUNT_FUNDERS,
  type CouponInput,
  type CouponView,
} from '@techbazaar/shared'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FormField, type FormFieldProps } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'
import { toast } from '@/lib/toast'
import { inputOf, useSaveCoupon } from '../api/coupons'

const SCOPE_LABELS: Record<(typeof COUPON_SCOPES)[number], string> = {
  all: 'Every item',
  category: 'One category',
  brand: 'One brand',
  seller: 'One seller’s products',
}
const KIND_OPTIONS = [
  ['percent', 'Percent off'],
  ['fixed', 'Rupees off'],
] as const
const SCOPE_OPTIONS = COUPON_SCOPES.map((s) => [s, SCOPE_LABELS[s]] as const)
const FUNDER_OPTIONS = DISCOUNT_FUNDERS.map(
  (f) => [f, f === 'marketplace' ? 'The marketplace' : 'The seller'] as const,
)
const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

type Form = Record<keyof CouponInput, string | boolean>

function formOf(coupon: CouponView | null): Form {
  const now = new Date()
  const input: CouponInput = coupon
    ? inputOf(coupon)
    : {
        code: '',
        description: '',
        kind: 'percent',
        value: 10,
        minOrder: 0,
        maxDiscount: null,
        startsAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        totalLimit: null,
        perShopperLimit: 1,
        firstOrderOnly: false,
        scope: 'all',
        scopeValue: null,
        sellerId: null,
        fundedBy: 'marketplace',
        active: true,
      }
  return {
    ...input,
    value: String(input.value),
    minOrder: String(input.minOrder),
    maxDiscount: input.maxDiscount === null ? '' : String(input.maxDiscount),
    totalLimit: input.totalLimit === null ? '' : String(input.totalLimit),
    perShopperLimit: String(input.perShopperLimit),
    scopeValue: input.scopeValue ?? '',
    sellerId: input.sellerId ?? '',
    startsAt: toDateTimeLocal(input.startsAt),
    endsAt: toDateTimeLocal(input.endsAt),
  }
}

/** The form's strings as the API's body: empty optional numbers are null. */
function bodyOf(form: Form): unknown {
  const num = (v: string | boolean) => (v === '' ? null : Number(v))
  const text = (v: string | boolean) => String(v)
  return {
    ...form,
    value: num(form.value),
    minOrder: num(form.minOrder) ?? 0,
    maxDiscount: num(form.maxDiscount),
    totalLimit: num(form.totalLimit),
    perShopperLimit: num(form.perShopperLimit) ?? 1,
    scopeValue: text(form.scopeValue) || null,
    sellerId: text(form.sellerId) || null,
    // An empty date stays '': the schema asks for it ("Enter when the coupon starts").
    startsAt: fromDateTimeLocal(text(form.startsAt)) ?? '',
    endsAt: fromDateTimeLocal(text(form.endsAt)) ?? '',
  }
}

/** The form's values and errors, and how a field changes its value: what a field is bound to. */
interface Binding {
  form: Form
  errors: Record<string, string>
  set: (key: keyof CouponInput, value: string | boolean) => void
}

type TextFieldProps = Omit<FormFieldProps, 'value' | 'onChange' | 'error'> & {
  name: keyof CouponInput
  bind: Binding
}

/** A text input showing `name`'s value and error, and setting the value as typed. */
function TextField({ name, bind, ...props }: TextFieldProps) {
  return (
    <FormField
      {...props}
      value={String(bind.form[name])}
      onChange={(e) => bind.set(name, e.target.value)}
      error={bind.errors[name]}
    />
  )
}

interface SelectFieldProps {
  id: string
  label: string
  name: keyof CouponInput
  bind: Binding
  /** Value and label of each option, in order. */
  options: readonly (readonly [string, string])[]
}

/** A native select showing `name`'s value and error. */
function SelectField({ id, label, name, bind, options }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={bind.errors[name]}>
      {(control) => (
        <select
          {...control}
          className={selectClass}
          value={String(bind.form[name])}
          onChange={(e) => bind.set(name, e.target.value)}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A ticked-or-not box for one of the form's yes/no values. */
function CheckField({ id, label, name, bind }: Omit<SelectFieldProps, 'options'>) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={bind.form[name] === true}
        onCheckedChange={(v) => bind.set(name, v === true)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  )
}

interface CouponFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The coupon being edited; null for a new one. */
  coupon: CouponView | null
  /** Admins choose the scope and who pays; a seller's coupon is its own products', paid by it. */
  isAdmin: boolean
}

/** The coupon form (decision 092), checked with the API's own schema before it is sent. */
export function CouponFormDialog({ open, onOpenChange, coupon, isAdmin }: CouponFormDialogProps) {
  const [form, setForm] = useState<Form>(() => formOf(coupon))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveCoupon()
  const set = (key: keyof CouponInput, value: string | boolean) =>
    setForm((f) => ({ ...f, [key]: value }))
  const bind: Binding = { form, errors, set }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = couponBody.safeParse(bodyOf(form))
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    save.mutate(
      { id: coupon?._id ?? null, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`Coupon ${saved.code} saved`)
          onOpenChange(false)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors?.length) {
            setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])))
          }
          toast.error('The coupon was not saved', {
            description: error instanceof ApiError ? error.message : 'Please try again.',
          })
        },
      },
    )
  }

  const scope = String(form.scope)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{coupon ? `Edit ${coupon.code}` : 'New coupon'}</DialogTitle>
          <DialogDescription>
            {isAdmin
              ? 'Shoppers enter the code at checkout. Prices include GST; the discount is shown on the invoice before tax.'
              : 'A coupon for your own products. You pay for its discount: it comes off your settlement.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="coupon-code"
            label="Code"
            value={String(form.code)}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            error={errors.code}
            autoComplete="off"
          />
          <SelectField
            id="coupon-kind"
            label="Discount type"
            name="kind"
            bind={bind}
            options={KIND_OPTIONS}
          />
          <TextField
            id="coupon-value"
            label={form.kind === 'percent' ? 'Percent off' : 'Rupees off'}
            name="value"
            bind={bind}
            inputMode="decimal"
          />
          <TextField
            id="coupon-max"
            label="Maximum discount (₹, optional)"
            name="maxDiscount"
            bind={bind}
            inputMode="decimal"
          />
          <TextField
            id="coupon-min"
            label="Minimum order (₹)"
            name="minOrder"
            bind={bind}
            inputMode="decimal"
          />
          <TextField
            id="coupon-description"
            label="Description (optional)"
            name="description"
            bind={bind}
          />
          <TextField
            id="coupon-starts"
            label="Starts"
            name="startsAt"
            bind={bind}
            type="datetime-local"
          />
          <TextField
            id="coupon-ends"
            label="Ends"
            name="endsAt"
            bind={bind}
            type="datetime-local"
          />
          <TextField
            id="coupon-total"
            label="Total uses (optional)"
            name="totalLimit"
            bind={bind}
            inputMode="numeric"
          />
          <TextField
            id="coupon-per-shopper"
            label="Uses per shopper"
            name="perShopperLimit"
            bind={bind}
            inputMode="numeric"
          />
          {isAdmin && (
            <>
              <SelectField
                id="coupon-scope"
                label="For"
                name="scope"
                bind={bind}
                options={SCOPE_OPTIONS}
              />
              {(scope === 'category' || scope === 'brand') && (
                <TextField
                  id="coupon-scope-value"
                  label={scope === 'category' ? 'Category' : 'Brand'}
                  name="scopeValue"
                  bind={bind}
                />
              )}
              {scope === 'seller' && (
                <TextField id="coupon-seller" label="Seller id" name="sellerId" bind={bind} />
              )}
              <SelectField
                id="coupon-funder"
                label="Paid for by"
                name="fundedBy"
                bind={bind}
                options={FUNDER_OPTIONS}
              />
            </>
          )}
          <div className="flex flex-col gap-3 sm:col-span-2">
            <CheckField
              id="coupon-first"
              label="First orders only"
              name="firstOrderOnly"
              bind={bind}
            />
            <CheckField id="coupon-active" label="Active" name="active" bind={bind} />
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save coupon'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
