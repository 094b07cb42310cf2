import { useId } from 'react'
import { cn } from '@/lib/utils'

export type HairStyle = 'short' | 'side-part' | 'long' | 'bun' | 'curly'

export interface PortraitLook {
  skin: string
  hair: string
  hairStyle: HairStyle
  clothing: string
  /** The circle behind the person. */
  background: string
  glasses?: boolean
  beard?: boolean
  /** A bindi: a small dot between the eyebrows. */
  bindi?: boolean
}

interface PortraitProps extends PortraitLook {
  /** The accessible name, e.g. "Illustrated portrait of Rohan Iyer". */
  label: string
  className?: string
}

/** Hair drawn behind the head: long hair and the bun's knot. */
function HairBack({ style, color }: { style: HairStyle; color: string }) {
  if (style === 'long') {
    return (
      <path
        d="M49 74 C45 44 60 31 80 31 C100 31 115 44 111 74 C113 92 115 106 118 120 L42 120 C45 106 47 92 49 74 Z"
        fill={color}
      />
    )
  }
  if (style === 'bun') {
    return <circle cx="80" cy="31" r="12" fill={color} />
  }
  if (style === 'curly') {
    return (
      <g fill={color}>
        {[
          [56, 52, 11],
          [66, 40, 12],
          [80, 36, 13],
          [94, 40, 12],
          [104, 52, 11],
          [52, 66, 8],
          [108, 66, 8],
        ].map(([cx, cy, r]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} />
        ))}
      </g>
    )
  }
  return null
}

/** Hair drawn over the forehead. */
function HairFront({ style, color }: { style: HairStyle; color: string }) {
  switch (style) {
    case 'short':
      return (
        <path
          d="M53 72 C49 46 62 35 80 35 C99 35 112 46 107 72 C105 62 101 56 96 53 C88 57 72 57 62 54 C57 58 54 64 53 72 Z"
          fill={color}
        />
      )
    case 'side-part':
      return (
        <path
          d="M53 74 C48 46 62 34 81 34 C100 34 113 46 107 74 C106 63 103 56 98 52 C90 50 80 52 70 58 C62 62 56 67 53 74 Z"
          fill={color}
        />
      )
    case 'long':
      return (
        <path
          d="M53 78 C50 48 63 38 80 38 C97 38 110 48 107 78 C106 64 100 54 82 51 L80 47 L78 51 C60 54 54 64 53 78 Z"
          fill={color}
        />
      )
    case 'bun':
      return (
        <path
          d="M54 70 C51 48 63 39 80 39 C97 39 109 48 106 70 C102 58 94 51 80 50 C66 51 58 58 54 70 Z"
          fill={color}
        />
      )
    case 'curly':
      return (
        <path
          d="M55 66 C56 52 66 46 80 46 C94 46 104 52 105 66 C98 58 90 56 80 57 C70 56 62 58 55 66 Z"
          fill={color}
        />
      )
  }
}

/**
 * A friendly, stylised portrait drawn in SVG, so team photos need no image files and every
 * face shares one illustration style. The look is set by props; the label names the person.
 */
export function Portrait({
  skin,
  hair,
  hairStyle,
  clothing,
  background,
  glasses = false,
  beard = false,
  bindi = false,
  label,
  className,
}: PortraitProps) {
  const clipId = `portrait-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const ink = '#2a211c'

  return (
    <svg
      viewBox="0 0 160 160"
      role="img"
      aria-label={label}
      className={cn('block', className)}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <clipPath id={clipId}>
          <circle cx="80" cy="80" r="80" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <circle cx="80" cy="80" r="80" fill={background} />
        <circle
          cx="80"
          cy="80"
          r="80"
          fill="#ffffff"
          opacity="0.18"
          transform="translate(-38 -46)"
        />

        <g transform="translate(80 120) scale(1.08) translate(-80 -120)">
          <HairBack style={hairStyle} color={hair} />

          {/* Neck, with a soft shadow under the chin */}
          <rect x="69" y="86" width="22" height="32" rx="9" fill={skin} />
          <rect x="69" y="94" width="22" height="10" fill="#000000" opacity="0.12" />

          {/* Shoulders and a crew-neck top */}
          <path
            d="M14 162 C14 128 40 112 70 110 L90 110 C120 112 146 128 146 162 Z"
            fill={clothing}
          />
          <path d="M69 109 Q80 121 91 109 Z" fill={skin} />
          <path
            d="M66 108.5 Q80 125 94 108.5"
            fill="none"
            stroke="#000000"
            strokeOpacity="0.18"
            strokeWidth="3"
            strokeLinecap="round"
          />

          {/* Ears and head */}
          <ellipse cx="54" cy="74" rx="5.5" ry="8" fill={skin} />
          <ellipse cx="106" cy="74" rx="5.5" ry="8" fill={skin} />
          <ellipse cx="80" cy="70" rx="26" ry="31" fill={skin} />

          {beard && (
            <g fill={hair}>
              <path d="M54 74 C54 97 66 108 80 108 C94 108 106 97 106 74 C103 86 96 92 88 92 C84 90 76 90 72 92 C64 92 57 86 54 74 Z" />
              <path d="M70 87 C74 83 86 83 90 87 C86 89 74 89 70 87 Z" />
            </g>
          )}

          {/* Face */}
          <path
            d="M63 64 Q69 60 75 63"
            fill="none"
            stroke={hair}
            strokeWidth="2.6"
            strokeLinecap="round"
          />
          <path
            d="M85 63 Q91 60 97 64"
            fill="none"
            stroke={hair}
            strokeWidth="2.6"
            strokeLinecap="round"
          />
          <circle cx="69" cy="72" r="3.2" fill={ink} />
          <circle cx="91" cy="72" r="3.2" fill={ink} />
          <circle cx="70.2" cy="70.8" r="1" fill="#ffffff" />
          <circle cx="92.2" cy="70.8" r="1" fill="#ffffff" />
          <path
            d="M80 74 Q77.5 81 80.5 83"
            fill="none"
            stroke="#000000"
            strokeOpacity="0.2"
            strokeWidth="2"
            strokeLinecap="round"
          />
          {!beard && (
            <>
              <circle cx="64" cy="83" r="4.5" fill="#e8596b" opacity="0.16" />
              <circle cx="96" cy="83" r="4.5" fill="#e8596b" opacity="0.16" />
            </>
          )}
          <path
            d="M72 90 Q80 97 88 90 Q80 93 72 90 Z"
            fill="#8c3b34"
            stroke="#8c3b34"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          {bindi && <circle cx="80" cy="61.5" r="1.9" fill="#c8283c" />}

          {glasses && (
            <g fill="#ffffff" fillOpacity="0.18" stroke="#23262f" strokeWidth="2.2">
              <rect x="60" y="65" width="18" height="14" rx="5" />
              <rect x="82" y="65" width="18" height="14" rx="5" />
              <path d="M78 71 Q80 69 82 71" fill="none" />
              <path d="M60 70 L55 68 M100 70 L105 68" fill="none" />
            </g>
          )}

          <HairFront style={hairStyle} color={hair} />
        </g>
      </g>
    </svg>
  )
}
