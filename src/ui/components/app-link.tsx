import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface AppLinkProps {
  /** A path inside the shop ('/categories', '/category/mebel/divany'). */
  readonly href: string;
  readonly className?: string | undefined;
  readonly children: ReactNode;
  readonly 'aria-label'?: string | undefined;
  readonly 'aria-current'?: 'page' | undefined;
  readonly onClick?: (() => void) | undefined;
  readonly onMouseEnter?: (() => void) | undefined;
}

/**
 * A router link to a path given as data. Components receive their targets as strings (from the spec,
 * the category tree or loader data), so the route-tree literal typing of `<Link to>` does not apply;
 * navigation still goes through the router (client-side, with preloading on intent).
 */
export function AppLink({ href, className, children, onClick, onMouseEnter, ...aria }: AppLinkProps) {
  return (
    <Link to={href} className={className} onClick={onClick} onMouseEnter={onMouseEnter} {...aria}>
      {children}
    </Link>
  );
}
