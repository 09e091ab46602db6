import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Copy, RotateCcw, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import type { AdminServices } from '../../../application/admin-services';
import type { AdminCommand } from '../../../application/machines/admin/admin-command.machine';
import { commandMachine, formMachine } from '../../../application/machines/admin/admin-machines';
import {
  type AdminOrderDetail,
  type AdminPaymentMethod,
  isAdminOrderStatus,
  LIFT_LABELS,
  type LiftKind,
  PAYMENT_STATE_LABELS,
  type TimelineEntry,
} from '../../../application/ports/admin-orders.port';
import type { CataloguePort } from '../../../application/ports/catalogue.port';
import { isPortFailure } from '../../../application/ports/port-failure';
import { Button } from '../../components/button';
import { nextPhoneFieldValue } from '../../components/phone-field-mask';
import { formatAge, formatDateTime, ORDER_STATUS_TONES, PAYMENT_STATE_TONES } from '../admin-format';
import { Card, ConfirmDialog, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { FormActions } from '../form-actions';
import { PageHeader } from '../page-header';
import { phoneToSend } from '../phone-text';
import { ProductPicker } from '../product-picker';
import { useAdminForm } from '../use-admin-form';
import {
  type CartDraft,
  type ContactDraft,
  cartDraftOf,
  cartErrors,
  contactDraftOf,
  contactErrors,
  type DeliveryDraft,
  deliveryDraftOf,
  deliveryErrors,
  deliveryPatchOf,
  type NoteDraft,
  paymentMethodLabel,
  withProduct,
} from './order-forms';
import { PaymentSummaryLine, PrepaymentDialog, RefundDialog } from './order-money-view';

export interface OrderDetailProps {
  readonly order: AdminOrderDetail;
  readonly services: AdminServices;
  readonly catalogue: CataloguePort;
  readonly reload: () => void;
  /** The shop's address, for the pay link (https://shop.example). */
  readonly origin: string;
}

const DESTRUCTIVE = new Set(['cancelled', 'claim']);

/** What a status or bin command does, in words, for the confirmation. */
function commandText(command: AdminCommand, order: AdminOrderDetail): string {
  if (command.name === 'order.delete')
    return `Заказ № ${order.id} уйдёт в корзину и пропадёт из списков и из кабинета клиента. Его можно будет восстановить.`;
  const to = command.args?.status;
  const action = order.actions.find((each) => each.to === to);
  if (to === 'cancelled')
    return `Заказ № ${order.id} будет отменён. Ожидающий платёж аннулируется, полученные деньги вернутся клиенту, клиент получит письмо.`;
  return `«${action?.label ?? String(to)}»: заказ № ${order.id} перейдёт из «${order.statusLabel}». Клиент получит письмо.`;
}

function StatusCard({
  order,
  services,
  reload,
}: {
  order: AdminOrderDetail;
  services: AdminServices;
  reload: () => void;
}) {
  // The status this card shows and its reload, read when a command runs (the machine lives on).
  const shown = useRef({ status: order.status, reload });
  shown.current = { status: order.status, reload };
  const machine = useMemo(
    () =>
      commandMachine(async (command, signal) => {
        if (command.name === 'order.delete') return services.orders.remove(order.id, { signal });
        if (command.name === 'order.restore') return services.orders.restore(order.id, { signal });
        const status = command.args?.status;
        if (!isAdminOrderStatus(status)) throw new Error('unknown status');
        try {
          return await services.orders.updateStatus(order.id, status, shown.current.status, { signal });
        } catch (error) {
          // Someone moved the order since this card was drawn: show their status, keep the message.
          if (isPortFailure(error) && error.code === 'status_changed') shown.current.reload();
          throw error;
        }
      }),
    [services.orders, order.id],
  );
  const command = useActorRef(machine);
  const state = useSelector(command, (snapshot) => snapshot.value);
  const pending = useSelector(command, (snapshot) => snapshot.context.command);
  const error = useSelector(command, (snapshot) => snapshot.context.error);
  useEffect(() => {
    const subscription = command.on('command.succeeded', () => reload());
    return () => subscription.unsubscribe();
  }, [command, reload]);
  const busy = state === 'running';
  const [askingPrepayment, setAskingPrepayment] = useState(false);
  return (
    <Card title="Статус">
      {askingPrepayment && (
        <PrepaymentDialog
          order={order}
          services={services}
          onClose={() => setAskingPrepayment(false)}
          onDone={() => {
            setAskingPrepayment(false);
            reload();
          }}
        />
      )}
      <div className={styles.stack}>
        <div className={styles.row}>
          <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{order.statusLabel}</StatusBadge>
          <span className={styles.muted}>
            с {formatDateTime(order.statusSince)} ({formatAge(order.statusSince)})
          </span>
          {order.overdue && <StatusBadge tone="danger">Просрочен</StatusBadge>}
        </div>
        {order.deletedAt !== null ? (
          <Notice tone="warning">Заказ в корзине с {formatDateTime(order.deletedAt)}.</Notice>
        ) : order.actions.length === 0 ? (
          <p className={styles.muted}>Дальнейших переходов нет.</p>
        ) : (
          <div className={styles.row}>
            {order.actions.map((action) => (
              <Button
                key={action.to}
                size="s"
                variant={DESTRUCTIVE.has(action.to) ? 'secondary' : 'primary'}
                disabled={busy}
                onClick={() =>
                  // A prepayment needs its amount first (issue 22): the dialog asks, then moves.
                  action.to === 'awaiting_prepayment'
                    ? setAskingPrepayment(true)
                    : command.send({
                        type: 'command.requested',
                        command: {
                          name: 'order.moveTo',
                          args: { status: action.to },
                          confirm: DESTRUCTIVE.has(action.to),
                        },
                      })
                }
              >
                {action.label}
              </Button>
            ))}
          </div>
        )}
        <div className={styles.row}>
          {order.deletedAt === null ? (
            <Button
              size="s"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                command.send({ type: 'command.requested', command: { name: 'order.delete', confirm: true } })
              }
            >
              <Trash2 width={16} height={16} aria-hidden="true" /> Удалить заказ
            </Button>
          ) : (
            <Button
              size="s"
              variant="secondary"
              disabled={busy}
              onClick={() => command.send({ type: 'command.requested', command: { name: 'order.restore' } })}
            >
              <RotateCcw width={16} height={16} aria-hidden="true" /> Восстановить
            </Button>
          )}
        </div>
        {state === 'failed' && error !== null && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
        {state === 'done' && (
          <Notice tone="success" role="status">
            Готово
          </Notice>
        )}
      </div>
      {state === 'confirming' && pending !== null && (
        <ConfirmDialog
          title={pending.name === 'order.delete' ? 'Удалить заказ?' : 'Подтвердите действие'}
          confirmLabel={pending.name === 'order.delete' ? 'Удалить' : 'Подтвердить'}
          destructive
          onConfirm={() => command.send({ type: 'command.confirmed' })}
          onCancel={() => command.send({ type: 'command.cancelled' })}
        >
          <p>{commandText(pending, order)}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

function ContactCard({ order, services, reload }: OrderDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<ContactDraft, AdminOrderDetail>(
        { id: 'orderContact', isValid: (draft) => Object.keys(contactErrors(draft)).length === 0 },
        (draft, signal) =>
          services.orders.updateContact(
            order.id,
            { name: draft.name.trim(), phone: phoneToSend(draft.phone), email: draft.email.trim() },
            { signal },
          ),
      ),
    [services.orders, order.id],
  );
  const form = useAdminForm(machine, contactDraftOf(order), reload);
  const errors = form.showErrors ? contactErrors(form.draft) : {};
  const readOnly = form.status === 'saving';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <Card
      title="Покупатель"
      actions={
        <Link
          to="/admin/clients/$clientId"
          params={{ clientId: String(order.clientId) }}
          className={styles.link}
        >
          Карточка клиента
        </Link>
      }
    >
      <form className={styles.stack} onSubmit={submit} aria-label="Контакты покупателя" noValidate>
        <Field label="Имя" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={styles.control}
              readOnly={readOnly}
              value={form.draft.name}
              onChange={(event) => form.edit({ name: event.target.value })}
              autoComplete="off"
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
              value={form.draft.phone}
              onChange={(event) =>
                form.edit({ phone: nextPhoneFieldValue(form.draft.phone, event.target.value) })
              }
              autoComplete="off"
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
              value={form.draft.email}
              onChange={(event) => form.edit({ email: event.target.value })}
              autoComplete="off"
            />
          )}
        </Field>
        <FormActions form={form} />
      </form>
    </Card>
  );
}

function DeliveryCard({ order, services, reload }: OrderDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<DeliveryDraft, AdminOrderDetail>(
        { id: 'orderDelivery', isValid: (draft) => Object.keys(deliveryErrors(draft)).length === 0 },
        (draft, signal) => services.orders.updateDelivery(order.id, deliveryPatchOf(draft), { signal }),
      ),
    [services.orders, order.id],
  );
  const form = useAdminForm(machine, deliveryDraftOf(order), reload);
  const errors = form.showErrors ? deliveryErrors(form.draft) : {};
  const readOnly = form.status === 'saving';
  return (
    <Card title="Доставка">
      <form
        className={styles.stack}
        aria-label="Доставка"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Field label="Способ">
          {(control) => (
            <select
              {...control}
              className={styles.control}
              disabled={readOnly}
              value={form.draft.method}
              onChange={(event) =>
                form.edit({ method: event.target.value === 'pickup' ? 'pickup' : 'courier' })
              }
            >
              <option value="courier">Курьер</option>
              <option value="pickup">Самовывоз</option>
            </select>
          )}
        </Field>
        {form.draft.method === 'courier' && (
          <Field label="Адрес" error={errors.address}>
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                readOnly={readOnly}
                rows={2}
                value={form.draft.address}
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
                readOnly={readOnly}
                value={form.draft.date}
                onChange={(event) => form.edit({ date: event.target.value })}
              />
            )}
          </Field>
          <Field label="Время" hint="например, 10:00–14:00">
            {(control) => (
              <input
                {...control}
                className={styles.control}
                readOnly={readOnly}
                maxLength={50}
                value={form.draft.timeSlot}
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
                readOnly={readOnly}
                value={form.draft.floor}
                onChange={(event) => form.edit({ floor: event.target.value })}
              />
            )}
          </Field>
          <Field label="Лифт">
            {(control) => (
              <select
                {...control}
                className={styles.control}
                disabled={readOnly}
                value={form.draft.lift}
                onChange={(event) => {
                  const lift = (Object.keys(LIFT_LABELS) as LiftKind[]).find(
                    (each) => each === event.target.value,
                  );
                  form.edit({ lift: lift ?? '' });
                }}
              >
                <option value="">Не указан</option>
                {(Object.keys(LIFT_LABELS) as LiftKind[]).map((lift) => (
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
            disabled={readOnly}
            checked={form.draft.assembly}
            onChange={(event) => form.edit({ assembly: event.target.checked })}
          />
          Сборка мебели
        </label>
        <FormActions form={form} />
      </form>
    </Card>
  );
}

function PaymentCard({ order, services, reload, origin }: OrderDetailProps) {
  const payment = useMemo(
    () =>
      formMachine<{ paymentMethod: AdminPaymentMethod }, AdminOrderDetail>(
        { id: 'orderPayment', isValid: () => true },
        (draft, signal) => services.orders.updatePayment(order.id, draft.paymentMethod, { signal }),
      ),
    [services.orders, order.id],
  );
  const promo = useMemo(
    () =>
      formMachine<{ promoCode: string }, AdminOrderDetail>(
        { id: 'orderPromo', isValid: () => true },
        (draft, signal) =>
          services.orders.updatePromo(order.id, draft.promoCode.trim() === '' ? null : draft.promoCode, {
            signal,
          }),
      ),
    [services.orders, order.id],
  );
  const paymentForm = useAdminForm(payment, { paymentMethod: order.paymentMethod }, reload);
  const promoForm = useAdminForm(promo, { promoCode: order.promoCode ?? '' }, reload);
  // The signed link (issue 22, item 5): read on opening the card, replaced by «Отправить заново».
  const linkMachine = useMemo(
    () =>
      commandMachine(async (command, signal) =>
        command.name === 'payLink.reissue'
          ? services.orders.reissuePayLink(order.id, { signal })
          : services.orders.payLink(order.id, { signal }),
      ),
    [services.orders, order.id],
  );
  const link = useActorRef(linkMachine);
  const linkState = useSelector(link, (snapshot) => snapshot.value);
  const linkOutput = useSelector(link, (snapshot) => snapshot.context.output) as {
    url?: string;
    mailed?: boolean;
  } | null;
  // A failed read keeps the plain link (the signed-in page); only a failed re-issue is reported.
  const linkError = useSelector(link, (snapshot) =>
    snapshot.context.command?.name === 'payLink.reissue' ? snapshot.context.error : null,
  );
  useEffect(() => {
    link.send({ type: 'command.requested', command: { name: 'payLink.read' } });
  }, [link]);
  const payLink = linkOutput?.url ?? `${origin}/pay/${order.id}`;
  const [copied, setCopied] = useState(false);
  const [refunding, setRefunding] = useState(false);
  return (
    <Card title="Оплата">
      <div className={styles.stack}>
        <div className={styles.row}>
          <StatusBadge tone={PAYMENT_STATE_TONES[order.paymentState]}>
            {PAYMENT_STATE_LABELS[order.paymentState]}
          </StatusBadge>
          {order.payment === undefined && order.paidAmount > 0 && (
            <span className={styles.muted}>получено {formatKopecks(order.paidAmount)}</span>
          )}
          <span className={styles.muted}>
            {order.paymentAllowed ? 'оплата по ссылке разрешена' : 'оплата по ссылке закрыта'}
          </span>
        </div>
        <PaymentSummaryLine payment={order.payment} />
        {order.prepaymentAmount != null && order.status === 'awaiting_prepayment' && (
          <p className={styles.muted}>Запрошена предоплата {formatKopecks(order.prepaymentAmount)}</p>
        )}
        {(order.payment?.paid ?? 0) > 0 && order.deletedAt === null && (
          <div className={styles.row}>
            <Button size="s" variant="secondary" onClick={() => setRefunding(true)}>
              Вернуть деньги
            </Button>
          </div>
        )}
        {refunding && (
          <RefundDialog
            order={order}
            services={services}
            onClose={() => setRefunding(false)}
            onDone={() => {
              setRefunding(false);
              reload();
            }}
          />
        )}
        <form
          className={styles.stackSmall}
          aria-label="Способ оплаты"
          onSubmit={(event) => {
            event.preventDefault();
            paymentForm.submit();
          }}
        >
          <Field label="Способ оплаты">
            {(control) => (
              <select
                {...control}
                className={styles.control}
                value={paymentForm.draft.paymentMethod}
                onChange={(event) =>
                  paymentForm.edit({
                    paymentMethod: event.target.value === 'online' ? 'online' : 'on_delivery',
                  })
                }
              >
                <option value="online">{paymentMethodLabel('online')}</option>
                <option value="on_delivery">{paymentMethodLabel('on_delivery')}</option>
              </select>
            )}
          </Field>
          <FormActions form={paymentForm} />
        </form>
        <form
          className={styles.stackSmall}
          aria-label="Промокод"
          onSubmit={(event) => {
            event.preventDefault();
            promoForm.submit();
          }}
        >
          <Field label="Промокод" hint="Пустое поле снимает промокод; итог пересчитает сервер">
            {(control) => (
              <input
                {...control}
                className={styles.control}
                maxLength={64}
                value={promoForm.draft.promoCode}
                onChange={(event) => promoForm.edit({ promoCode: event.target.value.toUpperCase() })}
              />
            )}
          </Field>
          <FormActions form={promoForm} saveLabel="Применить" />
        </form>
        <Field label="Ссылка на оплату">
          {(control) => (
            <div className={styles.row}>
              <input
                {...control}
                className={styles.control}
                style={{ flex: 1, minWidth: '160px' }}
                readOnly
                value={payLink}
              />
              <Button
                size="s"
                variant="secondary"
                onClick={() => {
                  void navigator.clipboard?.writeText(payLink).then(() => setCopied(true));
                }}
              >
                <Copy width={16} height={16} aria-hidden="true" /> {copied ? 'Скопировано' : 'Копировать'}
              </Button>
            </div>
          )}
        </Field>
        <div className={styles.row}>
          <Button
            size="s"
            variant="secondary"
            disabled={linkState === 'running' || order.deletedAt !== null}
            onClick={() => {
              setCopied(false);
              link.send({ type: 'command.requested', command: { name: 'payLink.reissue' } });
            }}
          >
            Отправить ссылку на оплату заново
          </Button>
          <span className={styles.muted}>
            {linkOutput?.mailed === true
              ? 'Новая ссылка отправлена клиенту; прежние больше не действуют.'
              : 'Ссылка открывает оплату без входа в личный кабинет.'}
          </span>
        </div>
        {linkError !== null && (
          <Notice tone="error" role="alert">
            {linkError}
          </Notice>
        )}
      </div>
    </Card>
  );
}

function CartCard({ order, services, reload, catalogue }: OrderDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<CartDraft, AdminOrderDetail>(
        { id: 'orderCart', isValid: (draft) => cartErrors(draft) === null },
        (draft, signal) =>
          services.orders.updateCart(
            order.id,
            draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
            { signal },
          ),
      ),
    [services.orders, order.id],
  );
  const form = useAdminForm(machine, cartDraftOf(order), reload);
  const error = form.showErrors ? cartErrors(form.draft) : null;
  const setQuantity = (productId: number, quantity: number) =>
    form.edit({
      lines: form.draft.lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)),
    });
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
              {form.draft.lines.map((line) => (
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
                    <input
                      className={styles.control}
                      style={{ width: '72px', textAlign: 'right' }}
                      type="number"
                      min={1}
                      max={999}
                      aria-label={`Количество: ${line.name}`}
                      value={line.quantity}
                      onChange={(event) =>
                        setQuantity(line.productId, Number.parseInt(event.target.value || '0', 10))
                      }
                    />
                  </td>
                  <td className={`${styles.td} ${styles.numeric} ${styles.hideOnMobile}`}>
                    {formatKopecks(line.unitPrice * line.quantity)}
                  </td>
                  <td className={styles.td}>
                    <Button
                      size="s"
                      variant="ghost"
                      aria-label={`Убрать «${line.name}»`}
                      onClick={() =>
                        form.edit({
                          lines: form.draft.lines.filter((each) => each.productId !== line.productId),
                        })
                      }
                    >
                      <Trash2 width={16} height={16} aria-hidden="true" />
                    </Button>
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
        <ProductPicker
          catalogue={catalogue}
          onPick={(product) => form.edit(withProduct(form.draft, product))}
        />
        <FormActions form={form} saveLabel="Сохранить состав" />
      </form>
    </Card>
  );
}

/** An entry's field changes, less the one its title already says («Статус: Новый → Подтверждён»). */
function changesBeyondTitle(entry: TimelineEntry): TimelineEntry['changes'] {
  return entry.changes.filter(
    (change) => `${change.label}: ${change.before ?? '—'} → ${change.after ?? '—'}` !== entry.title,
  );
}

function TimelineCard({ order, services, reload }: OrderDetailProps) {
  const machine = useMemo(
    () =>
      formMachine<NoteDraft, AdminOrderDetail>(
        {
          id: 'orderNote',
          isValid: (draft) => draft.text.trim() !== '',
          afterSave: (draft) => ({ ...draft, text: '' }),
        },
        (draft, signal) => services.orders.addNote(order.id, draft, { signal }),
      ),
    [services.orders, order.id],
  );
  const form = useAdminForm(machine, { text: '', visibility: 'internal' } as NoteDraft, reload);
  const entries = [...order.timeline].reverse();
  return (
    <Card title="История">
      <div className={styles.stack}>
        <form
          className={styles.stackSmall}
          aria-label="Заметка"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <Field
            label="Заметка"
            error={form.showErrors && form.draft.text.trim() === '' ? 'Напишите текст заметки' : null}
          >
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                rows={2}
                maxLength={2000}
                value={form.draft.text}
                onChange={(event) => form.edit({ text: event.target.value })}
              />
            )}
          </Field>
          <label className={styles.checkboxLabel}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={form.draft.visibility === 'client'}
              onChange={(event) => form.edit({ visibility: event.target.checked ? 'client' : 'internal' })}
            />
            Видна клиенту в личном кабинете
          </label>
          <FormActions form={form} saveLabel="Добавить заметку" />
        </form>
        <ol className={styles.timeline} aria-label="События заказа">
          {entries.map((entry) => (
            <li key={entry.id} className={styles.timelineItem}>
              <span className={styles.timelineDot} aria-hidden="true" />
              <div className={styles.stackSmall}>
                <div className={styles.row}>
                  <span className={styles.strong}>{entry.title}</span>
                  {entry.visibility === 'client' && <StatusBadge tone="info">видна клиенту</StatusBadge>}
                  {entry.visibility === 'internal' && <StatusBadge tone="muted">внутренняя</StatusBadge>}
                </div>
                {entry.text !== null && <p>{entry.text}</p>}
                {changesBeyondTitle(entry).length > 0 && (
                  <ul className={styles.muted}>
                    {changesBeyondTitle(entry).map((change) => (
                      <li key={change.field}>
                        {change.label}: {change.before ?? '—'} → {change.after ?? '—'}
                      </li>
                    ))}
                  </ul>
                )}
                <span className={styles.muted}>
                  {formatDateTime(entry.at)} ·{' '}
                  {entry.actorName ??
                    (entry.actorKind === 'system'
                      ? 'система'
                      : entry.actorKind === 'client'
                        ? 'клиент'
                        : 'менеджер')}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}

export function OrderDetailView(props: OrderDetailProps) {
  const { order } = props;
  return (
    <>
      <PageHeader
        title={`Заказ № ${order.id}`}
        crumbs={[{ label: 'Заказы', to: '/admin/orders' }]}
        subtitle={`от ${formatDateTime(order.createdAt)} · ${formatKopecks(order.total)} · ${paymentMethodLabel(order.paymentMethod)}`}
      />
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <StatusCard order={order} services={props.services} reload={props.reload} />
          <CartCard {...props} />
          <TimelineCard {...props} />
        </div>
        <div className={styles.stack}>
          <ContactCard {...props} />
          <PaymentCard {...props} />
          <DeliveryCard {...props} />
          {order.comment && (
            <Card title="Комментарий покупателя">
              <p>{order.comment}</p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
