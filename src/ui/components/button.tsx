import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink } from './app-link';
import * as styles from './button.css';

interface CommonProps {
  readonly variant?: styles.ButtonVariant;
  readonly size?: styles.ButtonSize;
  readonly fullWidth?: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}

export function buttonClassName({
  variant = 'primary',
  size = 'm',
  fullWidth = false,
  className,
}: Omit<CommonProps, 'children'>): string {
  return [
    styles.base,
    styles.variant[variant],
    styles.size[size],
    fullWidth ? styles.fullWidth : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'>;

/** A button. `type` defaults to "button" so a button never submits a form by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, fullWidth, className })} {...rest}>
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends CommonProps {
  readonly href: string;
  readonly onClick?: () => void;
  readonly 'aria-label'?: string;
}

/** A link that looks like a button (banner calls to action, "Смотреть все"). */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  className,
  children,
  href,
  ...aria
}: ButtonLinkProps) {
  return (
    <AppLink href={href} className={buttonClassName({ variant, size, fullWidth, className })} {...aria}>
      {children}
    </AppLink>
  );
}
