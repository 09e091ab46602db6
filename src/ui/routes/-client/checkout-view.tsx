import { Link, useNavigate } from '@tanstack/react-router';
import { ShoppingBag } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { EmptyState } from '../../components/empty-state';
import { nextPhoneFieldValue, phoneFieldValue } from '../../components/phone-field-mask';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { CartTotalsList, lineName } from './cart-view';
import {
  attemptFor,
  type CheckoutAttempt,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  DELIVERY_OPTIONS,
  EMPTY_CHECKOUT,
  MAX_PROMO_LENGTH,
  newIdempotencyKey,
  orderFromCheckout,
  PAYMENT_OPTIONS,
  validateCheckout,
  validateCheckoutField,
} from './checkout-form';
import * as layout from './client.css';
import { rememberPlacedOrder } from './placed-orders';
import { failureCode, failureMessage } from './port-messages';
import { cartActorOf, useAuthView, useCart, useServices, useShop } from './shop-hooks';

export const CHECKOUT_TITLE = 'Оформление заказа';
export const CHECKOUT_FAILED_MESSAGE = 'Не удалось оформить заказ. Попробуйте ещё раз.';

/** Server error codes that belong to one field, so the message appears next to it. */
const FIELD_OF_CODE: Readonly<Record<string, CheckoutField>> = {
  invalid_promo_code: 'promoCode',
  promo_min_subtotal: 'promoCode',
  address_required: 'address',
  consent_required: 'consent',
};

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'failed'; message: string };

/** One choice of a radio list: its value, its label and a line under it. */
interface Choice<V extends string> {
  readonly value: V;
  readonly label: string;
  readonly hint: string;
}

/** The delivery and payment lists: one radio per option, the label bold with its hint below. */
function RadioChoices<V extends string>(props: {
  readonly name: string;
  readonly options: readonly Choice<V>[];
  readonly value: V;
  readonly onChange: (value: V) => void;
}) {
  return (
    <div className={layout.choiceList}>
      {props.options.map((option) => (
        <label key={option.value} className={layout.choice}>
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span className={layout.choiceText}>
            <strong>{option.label}</strong>
            <span className={layout.muted}>{option.hint}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** The fields typed as text (everything but the consent checkbox). */
type TextCheckoutField = Exclude<CheckoutField, 'consent'>;

export function CheckoutView() {
  const shop = useShop();
  const services = useServices();
  const navigate = useNavigate();
  const cart = useCart();
  const auth = useAuthView();
  const [values, setValues] = useState<CheckoutValues>(EMPTY_CHECKOUT);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const attempt = useRef<CheckoutAttempt | null>(null);
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;

  // A signed-in client finds e-mail and phone filled in (spec §6); what was typed already stays.
  useEffect(() => {
    if (clientId === null) return;
    const controller = new AbortController();
    services.clients
      .getContact(clientId, { signal: controller.signal })
      .then((contact) => {
        setValues((current) => ({
          ...current,
          email: current.email === '' ? contact.email : current.email,
          phone: current.phone === '' ? phoneFieldValue(contact.phone) : current.phone,
        }));
      })
      // Prefilling is a convenience: without it the shopper types the contacts.
      .catch(() => undefined);
    return () => controller.abort();
  }, [clientId, services]);

  if (cart.length === 0 && status.kind !== 'sending') {
    return (
      <div className={layout.page}>
        <EmptyState
          headingLevel="h1"
          icon={<ShoppingBag size={40} />}
          title="В корзине нет товаров"
          text="Чтобы оформить заказ, добавьте товары в корзину."
          actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
        />
      </div>
    );
  }

  const update = <K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field that showed an error is re-checked as it is corrected.
    if (key in errors) {
      setErrors((current) => {
        const next = { ...current };
        const message = validateCheckoutField(key as CheckoutField, { ...values, [key]: value });
        if (message === null) delete next[key as CheckoutField];
        else next[key as CheckoutField] = message;
        return next;
      });
    }
  };

  const blur = (field: CheckoutField) => {
    const message = validateCheckoutField(field, values);
    setErrors((current) => {
      const next = { ...current };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  };

  /** The value, error and handlers of a text field: every text field of the form is wired alike. */
  const textBinding = (field: TextCheckoutField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { readonly target: { readonly value: string } }) =>
      update(
        field,
        field === 'phone' ? nextPhoneFieldValue(values.phone, event.target.value) : event.target.value,
      ),
    onBlur: () => blur(field),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const found = validateCheckout(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      setStatus({ kind: 'editing' });
      return;
    }
    const order = orderFromCheckout(values, cart);
    attempt.current = attemptFor(attempt.current, order, () => newIdempotencyKey());
    setStatus({ kind: 'sending' });
    try {
      const placed = await services.orders.create(order, attempt.current.key);
      rememberPlacedOrder(placed);
      // Emptied first: the form stays in 'sending', so the empty cart never flashes on screen. The
      // server emptied its copy in the order's transaction, so nothing is sent back to it.
      cartActorOf(shop).send({ type: 'cart.orderPlaced' });
      await navigate({ to: '/thank-you', search: { order: placed.id } });
    } catch (error) {
      const message = failureMessage(error, CHECKOUT_FAILED_MESSAGE);
      const field = FIELD_OF_CODE[failureCode(error) ?? ''];
      if (field) setErrors((current) => ({ ...current, [field]: message }));
      setStatus({ kind: 'failed', message });
    }
  };

  const sending = status.kind === 'sending';
  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{CHECKOUT_TITLE}</h1>
      <form className={layout.twoColumns} onSubmit={submit} noValidate aria-busy={sending}>
        <div className={layout.stack}>
          {auth.status === 'guest' && (
            <p className={layout.notice.info}>
              Уже покупали у нас?{' '}
              <Link to="/login" search={{ redirect: '/checkout' }} className={layout.link}>
                Войдите
              </Link>
              , чтобы заказ появился в личном кабинете и контакты заполнились сами.
            </p>
          )}
          <section className={layout.card}>
            <fieldset className={layout.fieldset}>
              <legend className={layout.legend}>Контактные данные</legend>
              <div className={layout.fieldGrid}>
                <TextField label="Имя" {...textBinding('name')} autoComplete="name" required />
                <TextField
                  label="Телефон"
                  {...textBinding('phone')}
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="+7 900 000-00-00"
                  required
                />
                <TextField
                  label="Email"
                  {...textBinding('email')}
                  type="email"
                  autoComplete="email"
                  required
                  hint="Пришлём подтверждение заказа"
                />
              </div>
            </fieldset>
          </section>
          <section className={layout.card}>
            <fieldset className={layout.fieldset}>
              <legend className={layout.legend}>Доставка</legend>
              <RadioChoices
                name="delivery"
                options={DELIVERY_OPTIONS}
                value={values.delivery}
                onChange={(value) => update('delivery', value)}
              />
              {values.delivery === 'courier' && (
                <TextField
                  label="Адрес доставки"
                  {...textBinding('address')}
                  autoComplete="street-address"
                  placeholder="Город, улица, дом, квартира"
                  required
                />
              )}
              <TextareaField
                label="Комментарий к заказу"
                {...textBinding('comment')}
                hint="Удобное время доставки, этаж, наличие лифта"
              />
            </fieldset>
          </section>
          <section className={layout.card}>
            <fieldset className={layout.fieldset}>
              <legend className={layout.legend}>Оплата</legend>
              <RadioChoices
                name="payment"
                options={PAYMENT_OPTIONS}
                value={values.payment}
                onChange={(value) => update('payment', value)}
              />
            </fieldset>
          </section>
        </div>
        <aside className={layout.stickyCard} aria-label="Ваш заказ">
          <div className={layout.stack}>
            <h2 className={layout.subtitle}>Ваш заказ</h2>
            <ul className={layout.muted}>
              {cart.map((line) => (
                <li key={line.id}>
                  {lineName(line)} × {line.quantity}
                </li>
              ))}
            </ul>
            <CartTotalsList lines={cart} />
            <TextField
              label="Промокод"
              {...textBinding('promoCode')}
              autoComplete="off"
              maxLength={MAX_PROMO_LENGTH}
              hint="Скидку по промокоду рассчитает магазин при оформлении"
            />
            <CheckboxField
              name="consent"
              checked={values.consent}
              error={errors.consent}
              onChange={(event) => update('consent', event.target.checked)}
              label={
                <>
                  Я согласен на{' '}
                  <a href="/consent" target="_blank" rel="noopener" className={layout.link}>
                    обработку персональных данных
                  </a>{' '}
                  и принимаю{' '}
                  <a href="/privacy" target="_blank" rel="noopener" className={layout.link}>
                    политику конфиденциальности
                  </a>
                </>
              }
            />
            {status.kind === 'failed' && (
              <p className={layout.notice.error} role="alert">
                {status.message}
              </p>
            )}
            <Button type="submit" size="l" fullWidth disabled={sending}>
              {sending ? 'Оформляем заказ…' : 'Подтвердить заказ'}
            </Button>
          </div>
        </aside>
      </form>
    </div>
  );
}
