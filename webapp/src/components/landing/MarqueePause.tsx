'use client';

import { useState } from 'react';

type Props = { pauseLabel: string; playLabel: string };

/**
 * WCAG 2.2.2 Pause, Stop, Hide: the scrolling banner moves for 25 minutes, so the visitor
 * can stop it (and start it again). The banner's CSS reads data-paused (landing.css .marquee).
 */
export default function MarqueePause({ pauseLabel, playLabel }: Props) {
  const [paused, setPaused] = useState(false);
  return (
    <button
      type="button"
      className="marquee-pause"
      data-paused={paused}
      onClick={() => setPaused((value) => !value)}
    >
      <span aria-hidden="true" className="marquee-pause-icon">
        {paused ? '▶' : '❚❚'}
      </span>
      <span className="marquee-pause-label">{paused ? playLabel : pauseLabel}</span>
    </button>
  );
}
