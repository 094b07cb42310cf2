import { useNavigation } from 'react-router'

/**
 * A thin bar at the top while the next page's code loads, so a tap always shows a response.
 * Appears only after a short delay: most navigations finish before anyone would notice.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-60 h-0.5 overflow-hidden transition-opacity delay-150 duration-200 starting:opacity-0"
    >
      <div className="h-full w-1/3 animate-pulse rounded-r-full bg-primary" />
    </div>
  )
}
