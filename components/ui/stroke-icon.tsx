import type { SVGProps } from 'react';

/**
 * A decorative line icon: one path drawn with the current text colour at the app's stroke (1.8,
 * rounded). The chevrons and the chart icon are this with their own path and box.
 */
export function StrokeIcon({ d, ...svg }: { d: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg aria-hidden="true" {...svg}>
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
