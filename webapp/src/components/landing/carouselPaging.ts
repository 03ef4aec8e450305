// The testimonial carousel's paging as plain arithmetic on its geometry, so it holds at
// every width and in both directions. All positions are distances from the start of the strip
// (scrollLeft's absolute value: right to left, browsers count it from 0 towards negative values).
//
// The bug this replaced: page = round(scrollLeft / clientWidth). From 1024 px (two rows) the strip
// scrolls only 412 px at 1280 px while the window is 1152 px wide, so "Next" reached the end, the page
// read back as round(412 / 1152) = 0, "Previous" stayed disabled, the dots stood still and every mouse
// drag was sent back to page 0.

export type Geometry = {
  /** How far the strip can scroll (scrollWidth - clientWidth). */
  max: number;
  /** The visible width (clientWidth). */
  width: number;
  /** From one column of cards to the next (card width + gap); 0 when unknown. */
  pitch: number;
  /** The gap between two columns. */
  gap: number;
};

const EPSILON = 2; // sub-pixel rounding of scroll positions

/** Where each page starts: whole columns at a time, the last page ending at the end of the strip. */
export function pageStarts({ max, width, pitch, gap }: Geometry): number[] {
  if (max <= EPSILON) return [0];
  const columns = pitch > 0 ? Math.max(1, Math.floor((width + gap + EPSILON) / pitch)) : 0;
  const step = columns > 0 ? columns * pitch : Math.max(1, width);
  const starts: number[] = [];
  for (let start = 0; start < max - EPSILON; start += step) starts.push(start);
  starts.push(max);
  return starts;
}

/** The page whose start is nearest to the scroll position. */
export function pageAt(scroll: number, starts: readonly number[]): number {
  let best = 0;
  starts.forEach((start, index) => {
    if (Math.abs(start - scroll) < Math.abs(starts[best] - scroll)) best = index;
  });
  return best;
}

/** A page number within the strip's pages. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(page, 0), Math.max(0, pages - 1));
}

/** Drags shorter than this settle back on the nearest column; longer ones move on by one at least. */
export const DRAG_THRESHOLD = 40;

/**
 * Where a mouse drag settles: on a column start (a scroll-snap point) in the direction of the drag,
 * so a drag never snaps back to where it began; a short drag settles on the nearest column.
 */
export function dragTarget(
  from: number,
  to: number,
  { max, pitch }: Pick<Geometry, 'max' | 'pitch'>,
): number {
  const clamp = (value: number) => Math.min(Math.max(value, 0), max);
  if (pitch <= 0) return clamp(to);
  const moved = to - from;
  let column: number;
  if (Math.abs(moved) < DRAG_THRESHOLD) column = Math.round(to / pitch);
  else if (moved > 0)
    column = Math.max(Math.ceil((to - EPSILON) / pitch), Math.round(from / pitch) + 1);
  else column = Math.min(Math.floor((to + EPSILON) / pitch), Math.round(from / pitch) - 1);
  const target = clamp(column * pitch);
  // The last columns may not fill a page: past the last snap point the strip ends at max.
  return max - target < pitch / 2 && moved > 0 ? max : target;
}
