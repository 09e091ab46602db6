import { Effect, Schema } from 'effect';
import { SingleLineText } from './text';

/**
 * Building blocks for query strings and path params: a URL carries only strings (and arrays of strings
 * when a parameter repeats), so every number is decoded from its text and every list accepts one value
 * or many. Bounds live in the schema, so a huge `limit` is a 400, not a slow query.
 */

/** A whole number written in decimal, within [minimum, maximum]. */
const intFromString = (minimum: number, maximum: number) =>
  Schema.FiniteFromString.pipe(Schema.check(Schema.isInt(), Schema.isBetween({ minimum, maximum })));

/** Same, with a default when the parameter is absent. */
export const intParam = (minimum: number, maximum: number, fallback: number) =>
  intFromString(minimum, maximum).pipe(Schema.withDecodingDefaultKey(Effect.succeed(String(fallback))));

/** A non-negative decimal number (prices, sizes in cm). */
export const amountFromString = Schema.FiniteFromString.pipe(
  Schema.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000_000 })),
);

/** A positive integer id (path params, list members). */
export const IdFromString = intFromString(1, 2_147_483_647);
export const Id = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })));

/** A slug: lower-case Latin letters, digits and hyphens, as the catalogue generates them. */
export const Slug = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), Schema.isMaxLength(200)),
);

/** A non-empty free-text value of bounded length (a filter value such as a colour or a style). */
export const FilterText = SingleLineText(100, 1);

/** A parameter that may repeat (`?material=a&material=b`) or come once; decoded to a list of 1–50. */
export const repeated = <S extends Schema.Codec<unknown, string>>(item: S) =>
  Schema.ArrayEnsure(item).pipe(Schema.check(Schema.isMaxLength(50)));
