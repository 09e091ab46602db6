import { formatKopecks } from '../../../../../shared-rules/money-rule';
import type { NewOrderDraft } from '../../../../application/admin/orders/create-order';
import { cartErrors, withProduct } from '../../../../application/admin/orders/order-drafts';
import { Card } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { ProductPicker } from '../../product-picker';
import type { AdminFormView } from '../../use-admin-form';
import { LineQuantityInput, RemoveLineButton } from '../order-line-controls';

/** «Товары»: the order's lines, their quantities, and the product picker. */
export function NewOrderLinesSection({ form }: { form: AdminFormView<NewOrderDraft> }) {
  const lines = form.draft.lines;
  const error = form.showErrors ? cartErrors(form.draft) : null;
  const setQuantity = (productId: number, quantity: number) =>
    form.edit({ lines: lines.map((each) => (each.productId === productId ? { ...each, quantity } : each)) });
  return (
    <Card title="Товары">
      <div className={styles.stack}>
        {lines.length > 0 && (
          <ul className={styles.dialogList} aria-label="Товары заказа">
            {lines.map((line) => (
              <li key={line.productId} className={styles.dialogItem}>
                <span>{line.name}</span>
                <span className={styles.row}>
                  <LineQuantityInput
                    line={line}
                    onChange={(quantity) => setQuantity(line.productId, quantity)}
                  />
                  <span className={styles.mono}>{formatKopecks(line.unitPrice * line.quantity)}</span>
                  <RemoveLineButton
                    line={line}
                    onRemove={() =>
                      form.edit({ lines: lines.filter((each) => each.productId !== line.productId) })
                    }
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
        {error !== null && <p className={styles.fieldError}>{error}</p>}
        <ProductPicker onPick={(product) => form.edit({ lines: withProduct(lines, product) })} />
      </div>
    </Card>
  );
}
