/**
 * A payment provider. `createPayment` registers a payment and says where to send the shopper;
 * `parseNotification` checks a provider notification's authenticity and says what it reports.
 * Only a notification that passes `parseNotification` can mark an order paid.
 */
export interface CreatePaymentInput {
  /** Our payment id (random), echoed back by the provider. */
  readonly paymentId: string;
  readonly orderId: number;
  /** Kopecks. */
  readonly amount: number;
  readonly description: string;
  /** Where the provider sends the shopper afterwards (/thank-you). */
  readonly returnUrl: string;
  /** Makes a retried create call return the same provider payment. */
  readonly idempotenceKey: string;
}

export type CreatePaymentResult =
  | { readonly ok: true; readonly providerPaymentId: string; readonly confirmationUrl: string }
  | { readonly ok: false; readonly error: 'provider_unavailable' | 'provider_refused' };

export interface PaymentNotification {
  /** Unique per provider event; a replay carries the same id and is ignored. */
  readonly eventId: string;
  readonly providerPaymentId: string;
  readonly outcome: 'succeeded' | 'cancelled';
  /** Kopecks, as the provider reports it; compared with the order total. */
  readonly amount: number;
}

export type ParsedNotification =
  | { readonly ok: true; readonly notification: PaymentNotification }
  | { readonly ok: false; readonly error: 'bad_signature' | 'malformed' | 'unverified' };

export interface PaymentGateway {
  readonly name: 'test' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** `rawBody` is the exact bytes received; `headers` lower-cased. */
  parseNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<ParsedNotification>;
}

/** The built-in test gateway's own card page (absent when a real provider is configured). */
export interface TestCheckout {
  /** What the card page shows; null for an unknown payment. */
  describe(
    paymentId: string,
  ): Promise<{ readonly orderId: number; readonly amount: number; readonly status: string } | null>;
  /** Pays with a test card: the gateway then sends its signed notification through the normal path. */
  pay(
    paymentId: string,
    cardNumber: string,
  ): Promise<
    | { readonly ok: true; readonly redirectUrl: string }
    | { readonly ok: false; readonly error: 'not_found' | 'already_settled' | 'invalid_card' }
  >;
}
