import type { SimpleIcon } from 'simple-icons';

type Props = { icon: SimpleIcon; size?: number; color?: string; className?: string };

/**
 * A brand's mark (card networks, wallets, app stores) from the simple-icons package, drawn in the
 * brand's own colour unless told otherwise. Decorative: the name is always said in text beside it.
 */
export default function BrandMark({ icon, size = 24, color, className }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={icon.path} fill={color ?? `#${icon.hex}`} />
    </svg>
  );
}
