import { StrokeIcon } from '@/components/ui/stroke-icon';

/** A small rising-line chart icon (decorative) for links to an exercise's history. */
export function ChartIcon() {
  return (
    <StrokeIcon
      viewBox="0 0 24 24"
      width="18"
      height="18"
      focusable="false"
      d="M4 19.5h16M5.5 15.5l4-4.5 3.5 3 5.5-6.5M15 7.5h3.5V11"
    />
  );
}
