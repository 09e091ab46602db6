import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { AppLink } from './app-link';
import * as styles from './icon-button.css';

/** The count bubble over an icon; nothing for zero, '99+' above 99 so the bubble keeps its size. */
export function countLabel(count: number | undefined): string | null {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

function CountBubble({ count }: { count: number | undefined }) {
  const label = countLabel(count);
  return label === null ? null : (
    <span className={styles.count} aria-hidden="true">
      {label}
    </span>
  );
}

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** Required: an icon alone has no accessible name. */
  readonly 'aria-label': string;
  readonly icon: ReactNode;
  readonly tone?: styles.IconButtonTone;
  readonly size?: styles.IconButtonSize;
  readonly count?: number;
  readonly ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  icon,
  tone = 'plain',
  size = 'm',
  count,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const classes = [
    styles.base,
    styles.tone[tone],
    styles.size[size],
    rest['aria-pressed'] === true ? styles.pressed : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon}
      <CountBubble count={count} />
    </button>
  );
}

export interface IconLinkProps {
  readonly href: string;
  readonly 'aria-label': string;
  readonly icon: ReactNode;
  readonly tone?: styles.IconButtonTone;
  readonly size?: styles.IconButtonSize;
  readonly count?: number;
  readonly className?: string;
  /** Opens outside the app (tel:, WhatsApp, Telegram): a plain anchor instead of a router link. */
  readonly external?: boolean;
}

export function IconLink({
  href,
  icon,
  tone = 'plain',
  size = 'm',
  count,
  className,
  external = false,
  ...aria
}: IconLinkProps) {
  const classes = [styles.base, styles.tone[tone], styles.size[size], className ?? '']
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {icon}
      <CountBubble count={count} />
    </>
  );
  if (external) {
    const opensTab = href.startsWith('http');
    return (
      <a
        href={href}
        className={classes}
        aria-label={aria['aria-label']}
        target={opensTab ? '_blank' : undefined}
        rel={opensTab ? 'noopener noreferrer' : undefined}
      >
        {content}
      </a>
    );
  }
  return (
    <AppLink href={href} className={classes} aria-label={aria['aria-label']}>
      {content}
    </AppLink>
  );
}
