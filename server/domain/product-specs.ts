import { HIDDEN_SPEC_FIELDS } from '../../shared-rules/product-spec-rule';

/**
 * Spec §3: a product's specs carry visible lines and hidden raw fields. Only the visible ones reach
 * shoppers; the raw ones (prices for dealers, internal sections) stay on the server.
 */
export const HIDDEN_RAW_FIELDS: readonly string[] = HIDDEN_SPEC_FIELDS;

const hidden = new Set(HIDDEN_RAW_FIELDS);

export interface SplitSpecs {
  readonly visible: Readonly<Record<string, string>>;
  readonly raw: Readonly<Record<string, string>>;
}

/** Partitions specs into visible lines and hidden raw fields; every key lands in exactly one side. */
export function splitSpecs(specs: Readonly<Record<string, string>>): SplitSpecs {
  const entries = Object.entries(specs);
  // fromEntries defines own properties, so a key such as "__proto__" stays data, never a prototype.
  return {
    visible: Object.fromEntries(entries.filter(([key]) => !hidden.has(key.toUpperCase()))),
    raw: Object.fromEntries(entries.filter(([key]) => hidden.has(key.toUpperCase()))),
  };
}
