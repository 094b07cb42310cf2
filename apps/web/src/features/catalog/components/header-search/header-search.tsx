import { LIMITS } from '@techbazaar/shared'
import { SearchIcon } from 'lucide-react'
import type * as React from 'react'
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { cn } from '@/lib/utils'
import { addRecentSearch } from '../../lib/recent-searches'
import type { KeyHandler } from './search-suggestions'
import type { SuggestionOption } from './suggestion-groups'

const loadSuggestions = () => import('./search-suggestions')
const SearchSuggestions = lazy(() =>
  loadSuggestions().then((module) => ({ default: module.SearchSuggestions })),
)

export const SEARCH_PAGE_PATH = '/shop/search'

/**
 * The header's search box on every width (issue 31.1): a combobox whose suggestions (recent
 * searches, products, brands, kinds of product) load with their code when the box first gets
 * the focus or the pointer. Enter searches on the results page; on that page its own box,
 * focused on arrival, takes over, so the header shows none.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const id = useId()
  const inputId = `${id}-search`
  const listboxId = `${id}-suggestions`
  const inputRef = useRef<HTMLInputElement>(null)
  const containerRef = useRef<HTMLFormElement>(null)
  const keyHandler = useRef<KeyHandler | null>(null)
  const [value, setValue] = useState('')
  const [loaded, setLoaded] = useState(false)
  const [focused, setFocused] = useState(false)
  const [popup, setPopup] = useState<{ open: boolean; activeId: string | undefined }>({
    open: false,
    activeId: undefined,
  })
  const onState = useCallback(
    (state: { open: boolean; activeId: string | undefined }) => setPopup(state),
    [],
  )

  if (pathname.toLowerCase() === SEARCH_PAGE_PATH) return null

  const load = () => {
    void loadSuggestions()
    setLoaded(true)
  }
  const go = (path: string, record?: string) => {
    if (record) addRecentSearch(record)
    setValue('')
    setFocused(false)
    inputRef.current?.blur()
    void navigate(path)
  }
  const choose = (option: SuggestionOption) => go(option.path, option.record)
  // Focus moving within the search (box ⇄ the popup's button) keeps the popup open.
  const blurOut = (event: React.FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null
    if (!next || !containerRef.current?.contains(next)) setFocused(false)
  }

  return (
    <form
      ref={containerRef}
      role="search"
      action={SEARCH_PAGE_PATH}
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault()
        const keyword = value.replace(/\s+/g, ' ').trim()
        go(
          keyword ? `${SEARCH_PAGE_PATH}?q=${encodeURIComponent(keyword)}` : SEARCH_PAGE_PATH,
          keyword,
        )
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={popup.open}
        aria-controls={popup.open ? listboxId : undefined}
        aria-activedescendant={popup.activeId}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={LIMITS.searchMaxChars}
        placeholder="Search phones, earbuds, brands…"
        value={value}
        onInput={(event) => setValue(event.currentTarget.value)}
        onChange={(event) => setValue(event.currentTarget.value)}
        onPointerEnter={() => void loadSuggestions()}
        onFocus={() => {
          load()
          setFocused(true)
        }}
        onBlur={blurOut}
        onKeyDown={(event) => {
          if (keyHandler.current?.(event)) return
          if (event.key === 'Escape' && value) {
            event.preventDefault()
            setValue('')
          }
        }}
        className="h-10 w-full min-w-0 rounded-full border border-input bg-muted/40 pr-3 pl-9 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {loaded && (
        <Suspense fallback={null}>
          <SearchSuggestions
            value={value}
            focused={focused}
            listboxId={listboxId}
            keyHandlerRef={keyHandler}
            onState={onState}
            onChoose={choose}
            onBlurOut={blurOut}
          />
        </Suspense>
      )}
    </form>
  )
}
