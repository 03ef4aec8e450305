'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';

type Props = { label: string; children: ReactNode };

function smooth(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** A scroll-snap strip with arrows, dots and mouse drag (touch scrolls natively). */
export default function Carousel({ label, children }: Props) {
  const t = useTranslations('HomePage.testimonials');
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; scroll: number; moved: boolean } | null>(null);
  const [pages, setPages] = useState(1);
  const [page, setPage] = useState(0);

  const measure = useCallback(() => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    setPages(Math.max(1, Math.ceil((el.scrollWidth - 4) / el.clientWidth)));
    setPage(Math.round(Math.abs(el.scrollLeft) / el.clientWidth));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  function goTo(target: number) {
    const el = track.current;
    if (!el) return;
    const next = Math.min(Math.max(target, 0), pages - 1);
    // Right to left, scrollLeft runs from 0 towards negative values.
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollTo({ left: sign * next * el.clientWidth, behavior: smooth() });
    setPage(next);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== 'mouse' || !track.current) return;
    drag.current = { x: event.clientX, scroll: track.current.scrollLeft, moved: false };
    track.current.classList.add('is-dragging');
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current || !track.current) return;
    const delta = event.clientX - drag.current.x;
    if (Math.abs(delta) > 4) drag.current.moved = true;
    track.current.scrollLeft = drag.current.scroll - delta;
  }
  function onPointerUp() {
    if (!drag.current || !track.current) return;
    drag.current = null;
    track.current.classList.remove('is-dragging');
    goTo(Math.round(Math.abs(track.current.scrollLeft) / track.current.clientWidth));
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
        onPointerLeave={onPointerUp}
      >
        {children}
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => goTo(page - 1)}
          disabled={page === 0}
          aria-label={t('prev')}
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
                aria-label={t('page', { page: i + 1 })}
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
          aria-label={t('next')}
        >
          <span aria-hidden="true" className="icon-mirror">
            ›
          </span>
        </button>
      </div>
    </div>
  );
}
