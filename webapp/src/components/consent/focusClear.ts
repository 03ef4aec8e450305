// WCAG 2.2 2.4.11 Focus Not Obscured: the cookie banner is fixed at the foot of the
// window, so a control the visitor tabs to may land behind it. The page makes room for the banner
// (globals.css reads BANNER_SIZE_PROPERTY for its scroll padding and bottom padding) and, when the
// focused control still overlaps it, the window scrolls just enough to show it above the banner.

/** The CSS custom property on <html> holding the open banner's height. */
export const BANNER_SIZE_PROPERTY = '--cookie-banner-size';
/** Space left between a focused control and the banner. */
export const FOCUS_GAP = 8;

type Box = { top: number; bottom: number; left: number; right: number };

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * How far to scroll the window down so `target` sits above `banner` (0 when they do not overlap).
 * A control taller than the room above the banner is brought to the top of the window instead.
 */
export function scrollNeeded(target: Box, banner: Box, gap = FOCUS_GAP): number {
  if (!overlaps(target, banner)) return 0;
  return Math.max(0, Math.min(target.bottom - banner.top + gap, target.top));
}

function check(target: Element, banner: HTMLElement): void {
  const by = scrollNeeded(target.getBoundingClientRect(), banner.getBoundingClientRect());
  if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
}

/** Called on every focusin while the banner is open. */
export function keepFocusClear(target: EventTarget | null, banner: HTMLElement): void {
  if (!(target instanceof Element) || banner.contains(target)) return;
  check(target, banner);
  // The browser's own scrolling of the newly focused control happens after the focus event.
  requestAnimationFrame(() => {
    if (document.activeElement === target) check(target, banner);
  });
}
