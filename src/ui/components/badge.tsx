import type { ProductBadge } from '../../domain/product';
import { BADGE_LABELS } from '../../domain/product-presentation';
import * as styles from './badge.css';

export interface BadgeProps {
  readonly tone: styles.BadgeTone;
  readonly children: string;
  readonly className?: string;
}

export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={[styles.base, styles.tone[tone], className ?? ''].join(' ')}>{children}</span>;
}

/** A product's badge (trending / new / available / preorder) with the domain's label. */
export function ProductBadgeView({ badge, className }: { badge: ProductBadge; className?: string }) {
  return (
    <Badge tone={styles.productBadgeTone[badge]} className={className}>
      {BADGE_LABELS[badge]}
    </Badge>
  );
}
