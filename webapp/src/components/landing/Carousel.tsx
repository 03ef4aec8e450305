'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { clampPage, dragTarget, pageAt, pageStarts, type Geometry } from './carouselPaging';

/** The texts, rendered on the server (the browser gets no catalogue for them). `pageLabels[i]`
 * names the dot of page i + 1; there are never more pages than cards. */
export type CarouselLabels = { prev: string; next: string; pageLabels: readonly string[] };

type Props = { label: string; labels: CarouselLabels; children: ReactNode };

function smooth(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The strip's geometry, read from the DOM: columns are found from the cards' offsets. */
function geometry(el: HTMLElement): Geometry {
  const cards = Array.from(el.children) as HTMLElement[];
  const first = cards[0];
  const next = first && cards.find((card) => card.offsetLeft !== first.offsetLeft);
  const pitch = first && next ? Math.abs(next.offsetLeft - first.offsetLeft) : 0;
  const gap = first && pitch ? Math.max(0, pitch - first.offsetWidth) : 0;
  return { max: Math.max(0, el.scrollWidth - el.clientWidth), width: el.clientWidth, pitch, gap };
}

/** Right to left, scrollLeft runs from 0 towards negative values. */
function direction(el: HTMLElement): 1 | -1 {
  return getComputedStyle(el).direction === 'rtl' ? -1 : 1;
}

/** A scroll-snap strip with arrows, dots and mouse drag (touch scrolls natively). */
export default function Carousel({ label, labels, children }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; scroll: number; pointer: number } | null>(null);
  const [pages, setPages] = useState(1);
  const [page, setPage] = useState(0);

  const measure = useCallback(() => {
    const el = track.current;
    if (!el || !el.clientWidth || drag.current) return;
    const starts = pageStarts(geometry(el));
    setPages(starts.length);
    setPage(pageAt(Math.abs(el.scrollLeft), starts));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  function scrollToStart(start: number) {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: direction(el) * start, behavior: smooth() });
  }

  function goTo(target: number) {
    const el = track.current;
    if (!el) return;
    const starts = pageStarts(geometry(el));
    const next = clampPage(target, starts.length);
    scrollToStart(starts[next]);
    setPage(next);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const el = track.current;
    if (event.pointerType !== 'mouse' || event.button !== 0 || !el) return;
    drag.current = { x: event.clientX, scroll: el.scrollLeft, pointer: event.pointerId };
    el.setPointerCapture?.(event.pointerId);
    el.classList.add('is-dragging');
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current || !track.current) return;
    track.current.scrollLeft = drag.current.scroll - (event.clientX - drag.current.x);
  }
  function onPointerUp() {
    const el = track.current;
    const started = drag.current;
    if (!started || !el) return;
    drag.current = null;
    if (el.hasPointerCapture?.(started.pointer)) el.releasePointerCapture(started.pointer);
    const target = dragTarget(Math.abs(started.scroll), Math.abs(el.scrollLeft), geometry(el));
    el.classList.remove('is-dragging');
    scrollToStart(target);
    const starts = pageStarts(geometry(el));
    setPages(starts.length);
    setPage(pageAt(target, starts));
  }

  return (
    <div className="carousel">
      <div
        ref={track}
        className="carousel-track"
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={measure}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {children}
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => goTo(page - 1)}
          disabled={page === 0}
          aria-label={labels.prev}
        >
          <span aria-hidden="true" className="icon-mirror">
            ‹
          </span>
        </button>
        <ol className="carousel-dots">
          {Array.from({ length: pages }, (_, i) => (
            <li key={i}>
              <button
                type="button"
                className="carousel-dot"
                aria-label={labels.pageLabels[i]}
                aria-current={i === page ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => goTo(page + 1)}
          disabled={page >= pages - 1}
          aria-label={labels.next}
        >
          <span aria-hidden="true" className="icon-mirror">
            ›
          </span>
        </button>
      </div>
    </div>
  );
}
