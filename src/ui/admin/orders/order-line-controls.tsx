import { Trash2 } from 'lucide-react';
import type { CartDraftLine } from '../../../application/admin/orders/order-drafts';
import { Button } from '../../components/button';
import * as styles from '../admin-ui.css';

/** A line's quantity as typed (the draft's check says «от 1 до 999»); the new order's and the card's. */
export function LineQuantityInput({
  line,
  onChange,
}: {
  readonly line: CartDraftLine;
  readonly onChange: (quantity: number) => void;
}) {
  return (
    <input
      className={styles.control}
      style={{ width: '72px', textAlign: 'right' }}
      type="number"
      min={1}
      max={999}
      aria-label={`Количество: ${line.name}`}
      value={line.quantity}
      onChange={(event) => onChange(Number.parseInt(event.target.value || '0', 10))}
    />
  );
}

/** «Убрать» a line from the order's draft. */
export function RemoveLineButton({
  line,
  onRemove,
}: {
  readonly line: CartDraftLine;
  readonly onRemove: () => void;
}) {
  return (
    <Button size="s" variant="ghost" aria-label={`Убрать «${line.name}»`} onClick={onRemove}>
      <Trash2 width={16} height={16} aria-hidden="true" />
    </Button>
  );
}
