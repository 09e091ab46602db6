import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import {
  ONLINE_PAYMENT_METHOD_LABELS,
  type OnlinePaymentMethod,
} from '../../../../shared-rules/installment-rule';
import { formatKopecks } from '../../../../shared-rules/money-rule';
import { payPage } from '../../../application/machines/pay-page.machine';
import { Button, ButtonLink } from '../../components/button';
import { LoadingScreen } from '../../components/spinner';
import { useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import { placedOrder } from './placed-orders';

export const PAY_TITLE = 'Оплата заказа';

export const PAY_MESSAGES = {
  signIn: 'Войдите в личный кабинет, чтобы оплатить заказ.',
  notFound: 'Заказ не найден. Проверьте ссылку или откройте свои заказы в личном кабинете.',
  invalidLink:
    'Ссылка на оплату недействительна или устарела. Если заказ ещё не оплачен, войдите в личный кабинет или позвоните нам — менеджер пришлёт новую ссылку.',
  loadFailed: 'Не удалось загрузить заказ. Проверьте подключение и обновите страницу.',
  paid: 'Этот заказ уже оплачен. Спасибо!',
  awaitingApproval:
    'Оплата станет доступна после того, как менеджер подтвердит заказ. Мы пришлём письмо со ссылкой на оплату.',
  closed: 'Этот заказ сейчас нельзя оплатить. Если есть вопросы, позвоните нам.',
} as const;

const METHOD_HINTS: Readonly<Record<OnlinePaymentMethod, string>> = {
  card: 'Visa, Mastercard, «Мир»',
  sbp: 'QR-код или приложение банка',
  installments: 'Платёжный сервис разделит сумму на части',
};

/** Sends the browser to the payment provider's page (a full navigation, away from the app). */
type LeaveFor = (url: string) => void;

const leaveForProvider: LeaveFor = (url) => window.location.assign(url);

/**
 * The pay page, one for both ways in: a signed pay link (`token`, no sign-in) or the signed-in owner
 * (`token` null). It shows the pay page machine's state — the order number, what is paid and the
 * amount, the ways to pay the provider offers for it — and sends the shopper's choice and tap to it.
 */
export function PayView({
  orderId,
  token,
  leaveFor = leaveForProvider,
}: {
  orderId: number;
  token: string | null;
  leaveFor?: LeaveFor;
}) {
  const machine = useUseCase(payPage);
  const leaveForRef = useRef(leaveFor);
  useEffect(() => {
    leaveForRef.current = leaveFor;
  });
  const provided = useMemo(
    () => machine.provide({ actions: { leaveFor: (_, { url }) => leaveForRef.current(url) } }),
    [machine],
  );
  const payment = useActorRef(provided, { input: { orderId, token } });
  const state = useSelector(payment, (snapshot) => snapshot.value);
  const view = useSelector(payment, (snapshot) => snapshot.context.view);
  const method = useSelector(payment, (snapshot) => snapshot.context.method);
  const error = useSelector(payment, (snapshot) => snapshot.context.error);
  const busy = useSelector(payment, (snapshot) => snapshot.hasTag('busy'));

  if (state === 'loading') return <LoadingScreen kind="page" />;

  const body = (() => {
    if (state === 'signInRequired') {
      const remembered = placedOrder(orderId);
      return (
        <>
          {remembered && (
            <p>
              Сумма заказа: <strong>{formatKopecks(remembered.total)}</strong>
            </p>
          )}
          <p className={layout.notice.info}>{PAY_MESSAGES.signIn}</p>
          <ButtonLink href={`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`}>Войти</ButtonLink>
        </>
      );
    }
    if (state === 'missing') return <p className={layout.notice.warning}>{PAY_MESSAGES.notFound}</p>;
    if (state === 'invalid')
      return (
        <p className={layout.notice.warning} role="alert">
          {PAY_MESSAGES.invalidLink}
        </p>
      );
    if (state === 'loadFailed' || view === null)
      return (
        <p className={layout.notice.error} role="alert">
          {PAY_MESSAGES.loadFailed}
        </p>
      );
    const payable =
      state === 'ready' || state === 'startingPayment' || state === 'redirecting' || state === 'failed';
    return (
      <>
        <ul className={layout.muted} aria-label="Товары заказа">
          {view.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two lines may carry the same name.
            <li key={index}>
              {line.name} × {line.quantity} — {formatKopecks(line.lineTotal)}
            </li>
          ))}
        </ul>
        <dl className={layout.totals}>
          {view.prepayment && (
            <div className={layout.totalsRow}>
              <dt>Сумма заказа</dt>
              <dd>{formatKopecks(view.total)}</dd>
            </div>
          )}
          <div className={layout.grandTotal}>
            <dt>{view.prepayment ? 'Предоплата' : 'К оплате'}</dt>
            <dd>{formatKopecks(view.state === 'payable' ? view.amountDue : view.total)}</dd>
          </div>
        </dl>
        {state === 'alreadyPaid' && <p className={layout.notice.success}>{PAY_MESSAGES.paid}</p>}
        {state === 'awaitingApproval' && (
          <p className={layout.notice.info}>{PAY_MESSAGES.awaitingApproval}</p>
        )}
        {state === 'notPayable' && <p className={layout.notice.warning}>{PAY_MESSAGES.closed}</p>}
        {payable && view.methods.length > 1 && (
          <fieldset className={layout.fieldset}>
            <legend className={layout.legend}>Способ оплаты</legend>
            <div className={layout.choiceList}>
              {view.methods.map((each) => (
                <label key={each} className={layout.choice}>
                  <input
                    type="radio"
                    name="method"
                    value={each}
                    checked={method === each}
                    disabled={busy}
                    onChange={() => payment.send({ type: 'payPage.methodChosen', method: each })}
                  />
                  <span className={layout.choiceText}>
                    <strong>{ONLINE_PAYMENT_METHOD_LABELS[each]}</strong>
                    <span className={layout.muted}>
                      {each === 'installments' && view.installment !== null
                        ? `от ${formatKopecks(view.installment.monthly)}/мес, ${view.installment.months} мес.`
                        : METHOD_HINTS[each]}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {state === 'failed' && error !== null && (
          <p className={layout.notice.error} role="alert">
            {error}
          </p>
        )}
        {payable && (
          <Button
            size="l"
            fullWidth
            onClick={() => payment.send({ type: 'payPage.startRequested' })}
            disabled={busy}
          >
            {busy ? 'Переходим к оплате…' : 'Оплатить'}
          </Button>
        )}
        <p className={layout.muted}>
          Оплата проходит на защищённой странице платёжного сервиса; данные карты магазин не получает.
        </p>
      </>
    );
  })();

  return (
    <div className={layout.narrowPage}>
      <section className={layout.card}>
        <div className={layout.stack}>
          <h1 className={layout.title}>
            {PAY_TITLE} № {orderId}
          </h1>
          {body}
        </div>
      </section>
    </div>
  );
}
