import type { ReactNode } from 'react';

/**
 * A picture or an initial in a list row. antd's Avatar measures its text on every mount to scale it
 * (a forced layout per row: 50–90 ms of a 20-row employee list's first render on a 2-core machine);
 * an initial in a fixed box needs no measuring.
 */
export function ListAvatar({
  size,
  square = false,
  src,
  background,
  color,
  children,
}: {
  size: number;
  square?: boolean;
  src?: string | null;
  background?: string;
  color?: string;
  children?: ReactNode;
}) {
  return (
    <span
      className="ho-list-avatar"
      style={{
        width: size,
        height: size,
        lineHeight: `${size}px`,
        fontSize: Math.round(size / 2),
        borderRadius: square ? 6 : '50%',
        background: src ? undefined : background,
        color,
      }}
    >
      {src ? <img className="ho-list-avatar-img" src={src} alt="" loading="lazy" /> : children}
    </span>
  );
}
