/**
 * The phone mask for fields that live in the start-up chunk (the consultation and feedback modal of
 * the shell): libphonenumber-js and its metadata load on the field's first focus instead of with the
 * app, so the critical-path JavaScript does not grow (docs/performance.md). Until they arrive, what is
 * typed stays as typed; the rule the form checks (shared-rules/phone-rule.ts) does not depend on it.
 */
type Mask = (previous: string, typed: string) => string;

let mask: Mask | null = null;
let loading: Promise<void> | null = null;

/** Starts loading the mask (call on focus); resolves once it is ready. */
export function preparePhoneMask(): Promise<void> {
  loading ??= import('./phone-field-mask').then((module) => {
    mask = module.nextPhoneFieldValue;
  });
  return loading;
}

/** The field's next value: masked once the mask has loaded, as typed before. */
export function nextPhoneFieldValueWhenLoaded(previous: string, typed: string): string {
  if (mask === null) {
    void preparePhoneMask();
    return typed;
  }
  return mask(previous, typed);
}
