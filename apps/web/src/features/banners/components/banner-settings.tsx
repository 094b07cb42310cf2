import type { FeatureImage } from '@techbazaar/shared'
import { FormField } from '@/components/ui/form-field'
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/datetime-local'
import { BannerLinkFields, EMPTY_LINK, linkOf, type LinkDraft } from './banner-link-fields'

/** What the admin sets on a banner besides its images, as the form holds it (strings). */
export interface SettingsDraft {
  title: string
  link: LinkDraft
  sortOrder: string
  /** `datetime-local` values, in this browser's time; '' is none. */
  startsAt: string
  endsAt: string
}

export const EMPTY_SETTINGS: SettingsDraft = {
  title: '',
  link: EMPTY_LINK,
  sortOrder: '',
  startsAt: '',
  endsAt: '',
}

export type SettingsErrors = Partial<
  Record<'title' | 'kind' | 'target' | 'sortOrder' | 'startsAt' | 'endsAt', string>
>

/** A path of the shared schema (or of the server's errors) → the field that shows it. */
export function fieldOf(path: readonly PropertyKey[]): keyof SettingsErrors | undefined {
  const [head, second] = path.map(String)
  if (head === 'link') return second && second !== 'kind' ? 'target' : 'kind'
  if (head === 'title' || head === 'sortOrder' || head === 'startsAt' || head === 'endsAt')
    return head
  return undefined
}

export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: SettingsErrors = {}
  for (const issue of issues) {
    const field = fieldOf(issue.path)
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/** The draft as the shared schema takes it (an empty order: the server puts it last). */
export function bodyOf(draft: SettingsDraft) {
  return {
    title: draft.title,
    link: linkOf(draft.link),
    sortOrder: draft.sortOrder.trim() === '' ? undefined : draft.sortOrder,
    startsAt: fromDateTimeLocal(draft.startsAt),
    endsAt: fromDateTimeLocal(draft.endsAt),
  }
}

/** A banner's settings as the edit form starts. */
export function draftOf(banner: FeatureImage): SettingsDraft {
  const link = banner.link
  return {
    title: banner.title ?? '',
    link: !link
      ? EMPTY_LINK
      : link.kind === 'product'
        ? {
            ...EMPTY_LINK,
            kind: 'product',
            productId: link.productId,
            productTitle: banner.href ?? 'a product no longer listed',
          }
        : { ...EMPTY_LINK, kind: link.kind, value: link.value },
    sortOrder: String(banner.sortOrder),
    startsAt: toDateTimeLocal(banner.startsAt),
    endsAt: toDateTimeLocal(banner.endsAt),
  }
}

/** Alt text, link, order, start and end: the add form and the edit dialog both show these. */
export function BannerSettingsFields({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string
  draft: SettingsDraft
  onChange: (draft: SettingsDraft) => void
  errors: SettingsErrors
}) {
  const set = (patch: Partial<SettingsDraft>) => onChange({ ...draft, ...patch })
  return (
    <>
      <FormField
        id={`${idPrefix}-title`}
        label="Alt text"
        description="What the banner says, for screen readers and when the image cannot load."
        maxLength={120}
        placeholder="e.g. Big Tech Days — up to 40% off phones"
        value={draft.title}
        error={errors.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <BannerLinkFields
        idPrefix={idPrefix}
        draft={draft.link}
        onChange={(link) => set({ link })}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={`${idPrefix}-order`}
          label="Order (optional)"
          description="Lower shows first; empty: last."
          inputMode="numeric"
          value={draft.sortOrder}
          error={errors.sortOrder}
          onChange={(event) => set({ sortOrder: event.target.value })}
        />
        <FormField
          id={`${idPrefix}-starts`}
          type="datetime-local"
          label="Start (optional)"
          description="Empty: at once."
          value={draft.startsAt}
          error={errors.startsAt}
          onChange={(event) => set({ startsAt: event.target.value })}
        />
        <FormField
          id={`${idPrefix}-ends`}
          type="datetime-local"
          label="End (optional)"
          description="Empty: until deleted."
          value={draft.endsAt}
          error={errors.endsAt}
          onChange={(event) => set({ endsAt: event.target.value })}
        />
      </div>
    </>
  )
}
