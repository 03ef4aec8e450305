import type { ReactElement } from 'react';
import type { ProductApp } from '@/components/layout/site-pages';

const PATHS: Record<ProductApp, ReactElement> = {
  tv: <path d="M10 14h44v30H10zM26 50h12M32 44v6M28 22v14l12-7z" />,
  stories: <path d="M8 16q12-4 24 2v32q-12-6-24-2zM56 16q-12-4-24 2v32q12-6 24-2z" />,
  games: <path d="M14 24h36a8 8 0 0 1 0 20H14a8 8 0 0 1 0-20zM20 34h10M25 29v10M42 31v0M48 37v0" />,
};

/** The line icon of one app (landing service cards, product and learning pages); decorative. */
export default function AppIcon({
  app,
  size = 56,
  className,
}: {
  app: ProductApp;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {PATHS[app]}
      </g>
    </svg>
  );
}
