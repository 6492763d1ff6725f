import { StrokeIcon } from './stroke-icon';

/** A 20 px downward chevron (decorative): a select's arrow, an expandable card's toggle. */
export function ChevronDownIcon({ className }: { className?: string }) {
  return <StrokeIcon className={className} viewBox="0 0 20 20" d="M6 8l4 4 4-4" />;
}
