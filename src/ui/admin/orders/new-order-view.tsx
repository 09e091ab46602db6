import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from '../../../../shared-rules/order-options-rule';
import {
  createOrder,
  EMPTY_NEW_ORDER,
  type NewOrderDraft,
  newOrderErrors,
} from '../../../application/admin/orders/create-order';
import { findClients } from '../../../application/admin/orders/find-clients.query';
import { withProduct } from '../../../application/admin/orders/order-drafts';
import type { AdminClientSummary } from '../../../application/ports/admin-clients.port';
import { LIFT_LABELS, type LiftKind } from '../../../application/ports/admin-orders.port';
import { Button } from '../../components/button';
import { nextPhoneFieldValue, phoneFieldValue } from '../../components/phone-field-mask';
import { useUseCase } from '../../shell/shop-context';
import { Card, Field, Notice } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { FormActions } from '../form-actions';
import { PageHeader } from '../page-header';
import { phoneText } from '../phone-text';
import { ProductPicker } from '../product-picker';
import { useAdminForm } from '../use-admin-form';

const LIFT_KINDS = Object.keys(LIFT_LABELS) as LiftKind[];

function isClientList(value: unknown): value is readonly AdminClientSummary[] {
  return Array.isArray(value);
}

/** Finds an existing client by phone, e-mail or name (find-clients.query.ts). */
function ClientFinder({ onPick }: { onPick: (client: AdminClientSummary) => void }) {
  const finder = useActorRef(useUseCase(findClients));
  const found = useSelector(finder, (snapshot) => snapshot.context.output);
  const running = useSelector(finder, (snapshot) => snapshot.matches('running'));
  const failed = useSelector(finder, (snapshot) => snapshot.matches('failed'));
  const [q, setQ] = useState('');
  // Not a <form>: the finder sits inside the order's form, and forms do not nest.
  const submit = () => {
    if (q.trim().length < 2) return;
    finder.send({ type: 'command.requested', command: { name: 'client.search', args: { q: q.trim() } } });
  };
  const clients = isClientList(found) ? found : null;
  return (
    <div className={styles.stackSmall}>
      <div className={styles.row}>
        <input
          className={styles.control}
          style={{ flex: 1, minWidth: '180px' }}
          type="search"
          aria-label="Телефон, e-mail или имя клиента"
          placeholder="Телефон, e-mail или имя"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
        <Button size="s" variant="secondary" disabled={running} onClick={submit}>
          <Search width={16} height={16} aria-hidden="true" /> Найти клиента
        </Button>
      </div>
      {failed && <Notice tone="error">Поиск не удался. Попробуйте ещё раз.</Notice>}
      {clients !== null &&
        (clients.length === 0 ? (
          <p className={styles.muted}>Клиент не найден — заполните контакты ниже, и аккаунт будет создан.</p>
        ) : (
          <ul className={styles.dialogList} aria-label="Найденные клиенты">
            {clients.map((client) => (
              <li key={client.id} className={styles.dialogItem}>
                <span>
                  {client.name ?? client.email}{' '}
                  <span className={styles.muted}>
                    · {client.email}
                    {client.phone ? ` · ${phoneText(client.phone)}` : ''}
                  </span>
                </span>
                <Button size="s" variant="ghost" onClick={() => onPick(client)}>
                  Выбрать
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** The order's client chosen before the screen opened (the client card's «Создать заказ», ?client=). */
export interface NewOrderClient {
  readonly id: number;
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string;
}

/**
 * «Новый заказ»: a phone order for a found or a new client (or the one the client card chose); the
 * created order's card opens.
 */
export function NewOrderView({ client = null }: { client?: NewOrderClient | null }) {
  const navigate = useNavigate();
  const initial: NewOrderDraft =
    client === null
      ? EMPTY_NEW_ORDER
      : {
          ...EMPTY_NEW_ORDER,
          clientId: client.id,
          clientLabel: client.name ?? client.email,
          name: client.name ?? '',
          phone: phoneFieldValue(client.phone),
          email: client.email,
        };
  const form = useAdminForm(useUseCase(createOrder), initial, (order) => {
    void navigate({ to: '/admin/orders/$orderId', params: { orderId: String(order.id) } });
  });
  const draft = form.draft;
  const errors = form.showErrors ? newOrderErrors(draft) : {};
  const total = draft.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const readOnly = form.status === 'saving';
  return (
    <>
      <PageHeader
        title="Новый заказ"
        crumbs={[{ label: 'Заказы', to: '/admin/orders' }]}
        subtitle="Заказ по телефону"
      />
      <form
        aria-label="Новый заказ"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <div className={styles.twoColumns}>
          <div className={styles.stack}>
            <Card title="Клиент">
              <div className={styles.stack}>
                {draft.clientId === null ? (
                  <ClientFinder
                    onPick={(client) =>
                      form.edit({
                        clientId: client.id,
                        clientLabel: client.name ?? client.email,
                        name: client.name ?? '',
                        phone: phoneFieldValue(client.phone),
                        email: client.email,
                      })
                    }
                  />
                ) : (
                  <div className={styles.rowBetween}>
                    <span>
                      Клиент: <span className={styles.strong}>{draft.clientLabel}</span>
                    </span>
                    <Button
                      size="s"
                      variant="ghost"
                      onClick={() => form.edit({ clientId: null, clientLabel: '' })}
                    >
                      Другой клиент
                    </Button>
                  </div>
                )}
                <div className={styles.formGrid}>
                  <Field label="Имя" error={errors.name}>
                    {(control) => (
                      <input
                        {...control}
                        className={styles.control}
                        readOnly={readOnly}
                        value={draft.name}
                        onChange={(event) => form.edit({ name: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Телефон" error={errors.phone}>
                    {(control) => (
                      <input
                        {...control}
                        type="tel"
                        className={styles.control}
                        readOnly={readOnly}
                        value={draft.phone}
                        onChange={(event) =>
                          form.edit({ phone: nextPhoneFieldValue(draft.phone, event.target.value) })
                        }
                      />
                    )}
                  </Field>
                  <Field label="E-mail" error={errors.email}>
                    {(control) => (
                      <input
                        {...control}
                        type="email"
                        className={styles.control}
                        readOnly={readOnly}
                        value={draft.email}
                        onChange={(event) => form.edit({ email: event.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </div>
            </Card>
            <Card title="Товары">
              <div className={styles.stack}>
                {draft.lines.length > 0 && (
                  <ul className={styles.dialogList} aria-label="Товары заказа">
                    {draft.lines.map((line) => (
                      <li key={line.productId} className={styles.dialogItem}>
                        <span>{line.name}</span>
                        <span className={styles.row}>
                          <input
                            className={styles.control}
                            style={{ width: '72px', textAlign: 'right' }}
                            type="number"
                            min={1}
                            max={999}
                            aria-label={`Количество: ${line.name}`}
                            value={line.quantity}
                            onChange={(event) =>
                              form.edit({
                                lines: draft.lines.map((each) =>
                                  each.productId === line.productId
                                    ? { ...each, quantity: Number.parseInt(event.target.value || '0', 10) }
                                    : each,
                                ),
                              })
                            }
                          />
                          <span className={styles.mono}>{formatKopecks(line.unitPrice * line.quantity)}</span>
                          <Button
                            size="s"
                            variant="ghost"
                            aria-label={`Убрать «${line.name}»`}
                            onClick={() =>
                              form.edit({
                                lines: draft.lines.filter((each) => each.productId !== line.productId),
                              })
                            }
                          >
                            <Trash2 width={16} height={16} aria-hidden="true" />
                          </Button>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {errors.lines !== undefined && <p className={styles.fieldError}>{errors.lines}</p>}
                <p className={styles.muted}>
                  Предварительно: {formatKopecks(total)}. Цены, скидку и итог рассчитает сервер.
                </p>
                <ProductPicker
                  onPick={(product) => form.edit({ lines: withProduct(draft.lines, product) })}
                />
              </div>
            </Card>
          </div>
          <div className={styles.stack}>
            <Card title="Доставка и оплата">
              <div className={styles.stack}>
                <Field label="Способ доставки">
                  {(control) => (
                    <select
                      {...control}
                      className={styles.control}
                      value={draft.method}
                      onChange={(event) =>
                        form.edit({ method: event.target.value === 'pickup' ? 'pickup' : 'courier' })
                      }
                    >
                      <option value="courier">{DELIVERY_METHOD_LABELS.courier}</option>
                      <option value="pickup">{DELIVERY_METHOD_LABELS.pickup}</option>
                    </select>
                  )}
                </Field>
                {draft.method === 'courier' && (
                  <Field label="Адрес" error={errors.address}>
                    {(control) => (
                      <textarea
                        {...control}
                        className={styles.textarea}
                        rows={2}
                        value={draft.address}
                        onChange={(event) => form.edit({ address: event.target.value })}
                      />
                    )}
                  </Field>
                )}
                <div className={styles.formGrid}>
                  <Field label="Дата">
                    {(control) => (
                      <input
                        {...control}
                        type="date"
                        className={styles.control}
                        value={draft.date}
                        onChange={(event) => form.edit({ date: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Время">
                    {(control) => (
                      <input
                        {...control}
                        className={styles.control}
                        maxLength={50}
                        value={draft.timeSlot}
                        onChange={(event) => form.edit({ timeSlot: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Этаж" error={errors.floor}>
                    {(control) => (
                      <input
                        {...control}
                        inputMode="numeric"
                        className={styles.control}
                        value={draft.floor}
                        onChange={(event) => form.edit({ floor: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Лифт">
                    {(control) => (
                      <select
                        {...control}
                        className={styles.control}
                        value={draft.lift}
                        onChange={(event) => {
                          const lift = LIFT_KINDS.find((each) => each === event.target.value);
                          form.edit({ lift: lift ?? '' });
                        }}
                      >
                        <option value="">Не указан</option>
                        {LIFT_KINDS.map((lift) => (
                          <option key={lift} value={lift}>
                            {LIFT_LABELS[lift]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
                <label className={styles.checkboxLabel}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={draft.assembly}
                    onChange={(event) => form.edit({ assembly: event.target.checked })}
                  />
                  Сборка мебели
                </label>
                <Field label="Промокод">
                  {(control) => (
                    <input
                      {...control}
                      className={styles.control}
                      maxLength={64}
                      value={draft.promoCode}
                      onChange={(event) => form.edit({ promoCode: event.target.value.toUpperCase() })}
                    />
                  )}
                </Field>
                <Field label="Оплата">
                  {(control) => (
                    <select
                      {...control}
                      className={styles.control}
                      value={draft.paymentMethod}
                      onChange={(event) =>
                        form.edit({
                          paymentMethod: event.target.value === 'online' ? 'online' : 'on_delivery',
                        })
                      }
                    >
                      <option value="online">Картой онлайн</option>
                      <option value="on_delivery">{PAYMENT_METHOD_LABELS.on_delivery}</option>
                    </select>
                  )}
                </Field>
                {draft.paymentMethod === 'online' && (
                  <label className={styles.checkboxLabel}>
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      checked={draft.sendPayLink}
                      onChange={(event) => form.edit({ sendPayLink: event.target.checked })}
                    />
                    Сразу отправить клиенту ссылку на оплату
                  </label>
                )}
                <Field label="Комментарий">
                  {(control) => (
                    <textarea
                      {...control}
                      className={styles.textarea}
                      rows={2}
                      maxLength={500}
                      value={draft.comment}
                      onChange={(event) => form.edit({ comment: event.target.value })}
                    />
                  )}
                </Field>
              </div>
            </Card>
            <FormActions form={form} saveLabel="Создать заказ" />
          </div>
        </div>
      </form>
    </>
  );
}
