import { useQuery } from '@tanstack/react-query'
import { ClockIcon, SearchIcon, TagIcon, LayersIcon } from 'lucide-react'
import type * as React from 'react'
import { useEffect, useState } from 'react'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { productImageSrcSet } from '@/lib/catalog/images'
import { cn } from '@/lib/utils'
import {
  SUGGEST_DELAY_MS,
  SUGGEST_MIN_CHARS,
  suggestionsQueryOptions,
} from '../../api/get-suggestions'
import { clearRecentSearches, readRecentSearches } from '../../lib/recent-searches'
import { buildGroups, type SuggestionGroup, type SuggestionOption } from './suggestion-groups'

export type KeyHandler = (event: React.KeyboardEvent<HTMLInputElement>) => boolean

export interface SearchSuggestionsProps {
  /** What the box holds. */
  value: string
  /** The box (or the popup's own button) has the focus. */
  focused: boolean
  listboxId: string
  /** Set to the popup's keyboard handler; it answers true when it used the key. */
  keyHandlerRef: React.MutableRefObject<KeyHandler | null>
  /** Tells the box what its aria-expanded and aria-activedescendant say. */
  onState: (state: { open: boolean; activeId: string | undefined }) => void
  onChoose: (option: SuggestionOption) => void
  /** Focus leaving the popup's button for somewhere outside the search. */
  onBlurOut: (event: React.FocusEvent<HTMLElement>) => void
}

/**
 * The search box's popup (WAI-ARIA combobox with a listbox): recent searches while the box holds
 * less than 2 characters, then products, brands and kinds of product for what is typed, and
 * "Search for …". Loaded when the box first gets the focus (first-visit budget, decision 48).
 */
export function SearchSuggestions({
  value,
  focused,
  listboxId,
  keyHandlerRef,
  onState,
  onChoose,
  onBlurOut,
}: SearchSuggestionsProps) {
  const trimmed = value.trim()
  const typing = trimmed.length >= SUGGEST_MIN_CHARS
  const debounced = useDebouncedValue(trimmed, SUGGEST_DELAY_MS)
  const query = useQuery(suggestionsQueryOptions(typing ? debounced : ''))
  const [recent, setRecent] = useState<string[]>([])
  const [active, setActive] = useState(-1)
  const [dismissed, setDismissed] = useState(false)

  // Adjusted while rendering (not in an effect): the recent searches are read again each time
  // the box gets the focus, and a new value starts with no option active and the popup shown.
  const [seen, setSeen] = useState({ value, focused: false })
  if (seen.value !== value || seen.focused !== focused) {
    setSeen({ value, focused })
    if (seen.value !== value) {
      setActive(-1)
      setDismissed(false)
    }
    if (focused && !seen.focused) setRecent(readRecentSearches())
  }

  const groups: SuggestionGroup[] = buildGroups({
    typed: typing ? trimmed : '',
    suggestions: typing ? query.data : undefined,
    recent,
  })
  const options = groups.flatMap((group) => group.options)
  const open = focused && !dismissed && options.length > 0
  const optionId = (index: number) => `${listboxId}-option-${index}`
  const activeId = open && active >= 0 && active < options.length ? optionId(active) : undefined

  useEffect(() => {
    onState({ open, activeId })
  }, [open, activeId, onState])

  const handleKey: KeyHandler = (event) => {
    const count = options.length
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return false
        event.preventDefault()
        const down = event.key === 'ArrowDown'
        if (!open) {
          setDismissed(false)
          setActive(down ? 0 : count - 1)
        } else if (event.altKey) setActive(-1)
        else
          setActive((current) =>
            down ? (current + 1) % count : (current <= 0 ? count : current) - 1,
          )
        return true
      }
      case 'Enter': {
        const option = activeId ? options[active] : undefined
        if (!option) return false
        event.preventDefault()
        onChoose(option)
        return true
      }
      case 'Escape':
        if (!open) return false
        event.preventDefault()
        setDismissed(true)
        setActive(-1)
        return true
      default:
        return false
    }
  }
  useEffect(() => {
    keyHandlerRef.current = handleKey
  })

  if (!open) return null
  const announcement =
    recent.length > 0 && !typing
      ? `${options.length} recent ${options.length === 1 ? 'search' : 'searches'}`
      : `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}`
  let index = -1
  return (
    <div className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg md:right-auto md:w-[max(100%,26rem)]">
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        className="max-h-[70vh] overflow-y-auto py-1"
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
            {group.title && (
              <div
                id={`${listboxId}-${group.key}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {group.title}
              </div>
            )}
            {group.options.map((option) => {
              index++
              const mine = index
              return (
                <div
                  key={option.id}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={mine === active}
                  // The box keeps the focus; a click chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(mine)}
                  onClick={() => onChoose(option)}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm',
                    mine === active && 'bg-accent text-accent-foreground',
                  )}
                >
                  <OptionIcon option={option} />
                  <span className="line-clamp-2">{option.label}</span>
                </div>
              )
            })}
          </div>
        ))}
      </div>
      {!typing && recent.length > 0 && (
        <div className="flex justify-end border-t px-2 py-1">
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onBlur={onBlurOut}
            onClick={() => {
              clearRecentSearches()
              setRecent([])
            }}
            className="min-h-9 rounded px-2 text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Clear recent searches
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}

function OptionIcon({ option }: { option: SuggestionOption }) {
  const icon = 'size-4 shrink-0 text-muted-foreground'
  if (option.kind === 'product' && option.image) {
    return (
      <img
        src={option.image}
        srcSet={productImageSrcSet(option.image)}
        sizes="40px"
        alt=""
        width={40}
        height={40}
        className="size-10 shrink-0 rounded object-contain"
      />
    )
  }
  if (option.kind === 'recent') return <ClockIcon aria-hidden="true" className={icon} />
  if (option.kind === 'brand') return <TagIcon aria-hidden="true" className={icon} />
  if (option.kind === 'category') return <LayersIcon aria-hidden="true" className={icon} />
  return <SearchIcon aria-hidden="true" className={icon} />
}
