import type * as React from 'react'

// The icons shown before any lazily loaded chunk has arrived (the first-load spinner and the
// route error boundary), drawn as the same SVG that lucide-react renders for them. lucide's
// runtime is shared by every page, but it would cost the entry chunk 1.5 kB of its budget.

type IconProps = Omit<React.ComponentProps<'svg'>, 'children'>

function FallbackIcon({
  names,
  className,
  paths,
  ...props
}: IconProps & { names: string; paths: string[] }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide ${names}${className ? ` ${className}` : ''}`}
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

export function LoaderCircleIcon(props: IconProps) {
  return (
    <FallbackIcon
      names="lucide-loader-circle lucide-loader-2"
      paths={['M21 12a9 9 0 1 1-6.219-8.56']}
      {...props}
    />
  )
}

export function TriangleAlertIcon(props: IconProps) {
  return (
    <FallbackIcon
      names="lucide-triangle-exclamation-point lucide-alert-triangle lucide-triangle-alert"
      paths={[
        'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3',
        'M12 9v4',
        'M12 17h.01',
      ]}
      {...props}
    />
  )
}

export function RefreshCwIcon(props: IconProps) {
  return (
    <FallbackIcon
      names="lucide-refresh-cw"
      paths={[
        'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8',
        'M21 3v5h-5',
        'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16',
        'M8 16H3v5',
      ]}
      {...props}
    />
  )
}
