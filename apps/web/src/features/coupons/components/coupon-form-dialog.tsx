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
import { Field, FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { inputOf, useSaveCoupon } from '../api/coupons'

const SCOPE_LABELS: Record<(typeof COUPON_SCOPES)[number], string> = {
  all: 'Every item',
  category: 'One category',
  brand: 'One brand',
  seller: 'One seller’s products',
}
const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** `YYYY-MM-DDTHH:mm` in the browser's time, as a datetime-local field holds it. */
const localInput = (iso: string) => {
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

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
    startsAt: localInput(input.startsAt),
    endsAt: localInput(input.endsAt),
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
    startsAt: form.startsAt ? new Date(text(form.startsAt)).toISOString() : '',
    endsAt: form.endsAt ? new Date(text(form.endsAt)).toISOString() : '',
  }
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
  const set = (key: keyof CouponInput) => (value: string | boolean) =>
    setForm((f) => ({ ...f, [key]: value }))
  const str = (key: keyof CouponInput) => String(form[key])

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

  const scope = str('scope')
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
            value={str('code')}
            onChange={(e) => set('code')(e.target.value.toUpperCase())}
            error={errors.code}
            autoComplete="off"
          />
          <Field id="coupon-kind" label="Discount type" error={errors.kind}>
            {(control) => (
              <select
                {...control}
                className={selectClass}
                value={str('kind')}
                onChange={(e) => set('kind')(e.target.value)}
              >
                <option value="percent">Percent off</option>
                <option value="fixed">Rupees off</option>
              </select>
            )}
          </Field>
          <FormField
            id="coupon-value"
            label={str('kind') === 'percent' ? 'Percent off' : 'Rupees off'}
            inputMode="decimal"
            value={str('value')}
            onChange={(e) => set('value')(e.target.value)}
            error={errors.value}
          />
          <FormField
            id="coupon-max"
            label="Maximum discount (₹, optional)"
            inputMode="decimal"
            value={str('maxDiscount')}
            onChange={(e) => set('maxDiscount')(e.target.value)}
            error={errors.maxDiscount}
          />
          <FormField
            id="coupon-min"
            label="Minimum order (₹)"
            inputMode="decimal"
            value={str('minOrder')}
            onChange={(e) => set('minOrder')(e.target.value)}
            error={errors.minOrder}
          />
          <FormField
            id="coupon-description"
            label="Description (optional)"
            value={str('description')}
            onChange={(e) => set('description')(e.target.value)}
            error={errors.description}
          />
          <FormField
            id="coupon-starts"
            label="Starts"
            type="datetime-local"
            value={str('startsAt')}
            onChange={(e) => set('startsAt')(e.target.value)}
            error={errors.startsAt}
          />
          <FormField
            id="coupon-ends"
            label="Ends"
            type="datetime-local"
            value={str('endsAt')}
            onChange={(e) => set('endsAt')(e.target.value)}
            error={errors.endsAt}
          />
          <FormField
            id="coupon-total"
            label="Total uses (optional)"
            inputMode="numeric"
            value={str('totalLimit')}
            onChange={(e) => set('totalLimit')(e.target.value)}
            error={errors.totalLimit}
          />
          <FormField
            id="coupon-per-shopper"
            label="Uses per shopper"
            inputMode="numeric"
            value={str('perShopperLimit')}
            onChange={(e) => set('perShopperLimit')(e.target.value)}
            error={errors.perShopperLimit}
          />
          {isAdmin && (
            <>
              <Field id="coupon-scope" label="For" error={errors.scope}>
                {(control) => (
                  <select
                    {...control}
                    className={selectClass}
                    value={scope}
                    onChange={(e) => set('scope')(e.target.value)}
                  >
                    {COUPON_SCOPES.map((s) => (
                      <option key={s} value={s}>
                        {SCOPE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {(scope === 'category' || scope === 'brand') && (
                <FormField
                  id="coupon-scope-value"
                  label={scope === 'category' ? 'Category' : 'Brand'}
                  value={str('scopeValue')}
                  onChange={(e) => set('scopeValue')(e.target.value)}
                  error={errors.scopeValue}
                />
              )}
              {scope === 'seller' && (
                <FormField
                  id="coupon-seller"
                  label="Seller id"
                  value={str('sellerId')}
                  onChange={(e) => set('sellerId')(e.target.value)}
                  error={errors.sellerId}
                />
              )}
              <Field id="coupon-funder" label="Paid for by" error={errors.fundedBy}>
                {(control) => (
                  <select
                    {...control}
                    className={selectClass}
                    value={str('fundedBy')}
                    onChange={(e) => set('fundedBy')(e.target.value)}
                  >
                    {DISCOUNT_FUNDERS.map((f) => (
                      <option key={f} value={f}>
                        {f === 'marketplace' ? 'The marketplace' : 'The seller'}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          )}
          <div className="flex flex-col gap-3 sm:col-span-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id="coupon-first"
                checked={form.firstOrderOnly === true}
                onCheckedChange={(v) => set('firstOrderOnly')(v === true)}
              />
              <Label htmlFor="coupon-first">First orders only</Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox
                id="coupon-active"
                checked={form.active === true}
                onCheckedChange={(v) => set('active')(v === true)}
              />
              <Label htmlFor="coupon-active">Active</Label>
            </div>
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
