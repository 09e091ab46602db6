import { Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { kopecksOfRoubles } from '../../../../shared-rules/money-rule';
import { checkout as checkoutUseCase } from '../../../application/machines/checkout.machine';
import { installmentOffer, methodsForAmount } from '../../../application/queries/payment-options.query';
import { cartTotals } from '../../../domain/cart';
import { type CheckoutTextField, detailsOfToldZone, MAX_PROMO_LENGTH } from '../../../domain/checkout';
import { Button, ButtonLink } from '../../components/button';
import { ConsentCheckbox } from '../../components/consent-checkbox';
import { EmptyState } from '../../components/empty-state';
import { ShoppingBag } from '../../components/icons';
import { nextPhoneFieldValue, phoneFieldValue } from '../../components/phone-field-mask';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useShopRuntime, useUseCase } from '../../shell/shop-context';
import { AddressZoneField } from './address-zone-field';
import { CartTotalsList, lineName, stockFlag } from './cart-view';
import { DELIVERY_OPTIONS, offeredPaymentOptions } from './checkout-form';
import * as layout from './client.css';
import { DeliveryDayPicker } from './delivery-day-picker';
import { DeliveryDetailsFields } from './delivery-details-fields';
import { usePaymentOptions } from './installment-hint';
import { rememberPlacedOrder } from './placed-orders';
import { QuoteSummary } from './quote-summary';
import { cartActorOf, useAuthView, useCart } from './shop-hooks';

export const CHECKOUT_TITLE = 'Оформление заказа';

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

/**
 * The checkout page: it shows the checkout machine's state and sends it what the shopper does; the
 * machine checks the form, places the order once per attempt and says where a refusal belongs.
 */
export function CheckoutView() {
  const shop = useShopRuntime();
  const checkoutMachineFor = useUseCase(checkoutUseCase);
  const router = useRouter();
  const cart = useCart();
  const auth = useAuthView();
  const clientId = auth.status === 'client' ? auth.identity.clientId : null;
  const formRef = useRef<HTMLFormElement>(null);
  const machine = useMemo(
    () =>
      checkoutMachineFor(phoneFieldValue).provide({
        actions: {
          focusField: (_, { field }) => {
            const element = formRef.current?.elements.namedItem(field);
            if (element instanceof HTMLElement) element.focus();
          },
          rememberOrder: (_, { order }) => rememberPlacedOrder(order),
          // After the checkout machine's step, not inside it: the cart machine runs its own.
          tellCartOrderPlaced: () =>
            queueMicrotask(() => cartActorOf(shop).send({ type: 'cart.orderPlaced' })),
          showThankYou: (_, { orderId }) => {
            void router.navigate({ to: '/thank-you', search: { order: orderId } });
          },
        },
      }),
    [checkoutMachineFor, shop, router],
  );
  const checkout = useActorRef(machine, { input: { clientId } });
  const values = useSelector(checkout, (snapshot) => snapshot.context.values);
  const errors = useSelector(checkout, (snapshot) => snapshot.context.errors);
  const formMessage = useSelector(checkout, (snapshot) => snapshot.context.formMessage);
  const cartMessage = useSelector(checkout, (snapshot) => snapshot.context.cartMessage);
  const sending = useSelector(checkout, (snapshot) => snapshot.hasTag('busy'));
  const quote = useSelector(checkout, (snapshot) => snapshot.context.quote);
  const quoteMessage = useSelector(checkout, (snapshot) => snapshot.context.quoteMessage);
  const promoProblem = quote?.promo.status === 'problem' ? quote.promo.message : undefined;
  const availableOf = (id: number) => quote?.items.find((line) => line.productId === id)?.available;
  const paymentOptions = usePaymentOptions();
  const cartAmount = kopecksOfRoubles(cartTotals(cart).withDiscount);
  const paymentChoices = offeredPaymentOptions(
    paymentOptions === null ? null : methodsForAmount(paymentOptions, cartAmount),
    paymentOptions === null ? null : installmentOffer(paymentOptions, cartAmount),
  );

  // The quote follows the cart on screen (another tab may change it too).
  useEffect(() => {
    checkout.send({ type: 'checkout.cartShown', cart });
  }, [checkout, cart]);

  // A signed-in client finds e-mail and phone filled in (spec §6); what was typed already stays.
  useEffect(() => {
    if (clientId !== null) checkout.send({ type: 'checkout.signedIn', clientId });
  }, [checkout, clientId]);

  if (cart.length === 0 && !sending) {
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

  /** The value, error and handlers of a text field: every text field of the form is wired alike. */
  const textBinding = (field: CheckoutTextField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { readonly target: { readonly value: string } }) =>
      checkout.send({
        type: 'checkout.fieldChanged',
        field,
        value: field === 'phone' ? nextPhoneFieldValue(values.phone, event.target.value) : event.target.value,
      }),
    onBlur: () => checkout.send({ type: 'checkout.fieldBlurred', field }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkout.send({ type: 'checkout.submitted', cart });
  };

  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{CHECKOUT_TITLE}</h1>
      <form ref={formRef} className={layout.twoColumns} onSubmit={submit} noValidate aria-busy={sending}>
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
                onChange={(delivery) => checkout.send({ type: 'checkout.deliveryChosen', delivery })}
              />
              {values.delivery === 'courier' && (
                <AddressZoneField
                  value={values.address}
                  error={errors.address ?? null}
                  zone={
                    values.details.zone === ''
                      ? null
                      : { zone: values.details.zone, kmBeyondKad: Number(values.details.kmBeyondKad) }
                  }
                  onAddress={(value) =>
                    checkout.send({ type: 'checkout.fieldChanged', field: 'address', value })
                  }
                  onBlur={() => checkout.send({ type: 'checkout.fieldBlurred', field: 'address' })}
                  onZone={({ zone, kmBeyondKad }) =>
                    checkout.send({
                      type: 'checkout.deliveryDetailsChanged',
                      details: detailsOfToldZone(zone, kmBeyondKad),
                    })
                  }
                />
              )}
              {values.delivery === 'courier' && (
                <DeliveryDayPicker
                  cart={cart}
                  value={values.slot ?? null}
                  onChange={(slot) => checkout.send({ type: 'checkout.slotChosen', slot })}
                />
              )}
              {values.delivery === 'courier' && (
                <DeliveryDetailsFields
                  details={values.details}
                  offers={quote?.offers ?? []}
                  onChange={(details) => checkout.send({ type: 'checkout.deliveryDetailsChanged', details })}
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
                options={paymentChoices}
                value={values.payment}
                onChange={(payment) => checkout.send({ type: 'checkout.paymentChosen', payment })}
              />
            </fieldset>
          </section>
        </div>
        <aside className={layout.stickyCard} aria-label="Ваш заказ">
          <div className={layout.stack}>
            <h2 className={layout.subtitle}>Ваш заказ</h2>
            <ul className={layout.muted}>
              {cart.map((line) => {
                const flag = stockFlag(line.quantity, availableOf(line.id));
                return (
                  <li key={line.id}>
                    {lineName(line)} × {line.quantity}
                    {flag !== null && <span className={layout.notice.warning}> {flag}</span>}
                  </li>
                );
              })}
            </ul>
            {cartMessage !== null && (
              <div className={layout.notice.warning}>
                <p role="alert">{cartMessage}</p>
                <Link to="/cart" className={layout.link}>
                  Изменить корзину
                </Link>
              </div>
            )}
            <TextField
              label="Промокод"
              {...textBinding('promoCode')}
              {...((errors.promoCode ?? promoProblem) === undefined
                ? {}
                : { error: errors.promoCode ?? promoProblem })}
              autoComplete="off"
              maxLength={MAX_PROMO_LENGTH}
              {...(quote?.promo.status === 'applied' ? { hint: 'Промокод применён' } : {})}
            />
            <QuoteSummary quote={quote} message={quoteMessage} fallback={<CartTotalsList lines={cart} />} />
            <ConsentCheckbox
              purpose="personal_data"
              checked={values.consent}
              error={errors.consent}
              onChange={(event) =>
                checkout.send({ type: 'checkout.consentChanged', consent: event.target.checked })
              }
            />
            {formMessage !== null && (
              <p className={layout.notice.error} role="alert">
                {formMessage}
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
