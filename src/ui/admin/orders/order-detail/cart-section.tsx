import { useSelector } from '@xstate/react';
import { formatKopecks } from '../../../../../shared-rules/money-rule';
import { cartDraftOf, cartErrors, withProduct } from '../../../../application/admin/orders/order-drafts';
import { updateOrderCart } from '../../../../application/admin/orders/update-order-cart';
import { useUseCase } from '../../../shell/shop-context';
import { Card, StatusBadge } from '../../admin-ui';
import * as styles from '../../admin-ui.css';
import { FormActions } from '../../form-actions';
import { ProductPicker } from '../../product-picker';
import { useAdminForm } from '../../use-admin-form';
import { LineQuantityInput, RemoveLineButton } from '../order-line-controls';
import type { OrderCardActor } from './order-card-actor';

/** «Товары»: the lines and quantities (saved together), the server's totals, a product to add. */
export function CartSection({ card }: { card: OrderCardActor }) {
  const order = useSelector(card, (snapshot) => snapshot.context.order);
  const form = useAdminForm(useUseCase(updateOrderCart), cartDraftOf(order), (saved) =>
    card.send({ type: 'order.saved', order: saved }),
  );
  const error = form.showErrors ? cartErrors(form.draft) : null;
  const lines = form.draft.lines;
  const setQuantity = (productId: number, quantity: number) =>
    form.edit({ lines: lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)) });
  // Lines the stock did not cover are sold «под заказ» (the server marks them; docs/stock.md).
  const backorders = new Set(
    order.items.filter((line) => line.backorder === true).map((line) => line.productId),
  );
  return (
    <Card title="Товары">
      <form
        className={styles.stack}
        aria-label="Товары заказа"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th className={styles.th} scope="col">
                  Товар
                </th>
                <th className={`${styles.th} ${styles.numeric} ${styles.hideOnMobile}`} scope="col">
                  Цена
                </th>
                <th className={`${styles.th} ${styles.numeric}`} scope="col">
                  Кол-во
                </th>
                <th className={`${styles.th} ${styles.numeric} ${styles.hideOnMobile}`} scope="col">
                  Сумма
                </th>
                <th className={styles.th} scope="col">
                  <span className={styles.muted}>Убрать</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.productId} className={styles.tr}>
                  <td className={styles.td}>
                    {line.name}
                    {backorders.has(line.productId) && (
                      <>
                        {' '}
                        <StatusBadge tone="warning">под заказ</StatusBadge>
                      </>
                    )}
                  </td>
                  <td className={`${styles.td} ${styles.numeric} ${styles.hideOnMobile}`}>
                    {formatKopecks(line.unitPrice)}
                  </td>
                  <td className={`${styles.td} ${styles.numeric}`}>
                    <LineQuantityInput
                      line={line}
                      onChange={(quantity) => setQuantity(line.productId, quantity)}
                    />
                  </td>
                  <td className={`${styles.td} ${styles.numeric} ${styles.hideOnMobile}`}>
                    {formatKopecks(line.unitPrice * line.quantity)}
                  </td>
                  <td className={styles.td}>
                    <RemoveLineButton
                      line={line}
                      onRemove={() =>
                        form.edit({ lines: lines.filter((each) => each.productId !== line.productId) })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {error !== null && <p className={styles.fieldError}>{error}</p>}
        <dl className={styles.definitionList} aria-label="Итоги (по данным сервера)">
          <dt>Товары</dt>
          <dd>{formatKopecks(order.subtotal)}</dd>
          <dt>Скидка{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
          <dd>{order.discount > 0 ? `−${formatKopecks(order.discount)}` : '—'}</dd>
          <dt className={styles.strong}>Итого</dt>
          <dd className={styles.strong}>{formatKopecks(order.total)}</dd>
        </dl>
        {form.dirty && <p className={styles.muted}>Итог пересчитает сервер после сохранения.</p>}
        <ProductPicker onPick={(product) => form.edit({ lines: withProduct(lines, product) })} />
        <FormActions form={form} saveLabel="Сохранить состав" />
      </form>
    </Card>
  );
}
