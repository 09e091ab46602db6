import { Schema } from 'effect';
import { isKopecks, MAX_KOPECKS } from '../shared-rules/money-rule';

/**
 * Money in the contract (issue 22, docs/money.md): integer kopecks, 0 … MAX_KOPECKS. Every amount an
 * endpoint sends or accepts uses these; the browser formats them with `formatKopecks`.
 */
export const Kopecks = Schema.Int.pipe(
  Schema.check(
    Schema.makeFilter((value: number) => isKopecks(value), {
      title: `integer kopecks from 0 to ${MAX_KOPECKS}`,
    }),
  ),
);

/** A positive amount: a prepayment, a refund, a manual payment. */
export const PositiveKopecks = Kopecks.pipe(
  Schema.check(Schema.makeFilter((value: number) => value > 0, { title: 'more than 0 kopecks' })),
);
