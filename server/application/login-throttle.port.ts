import type { FailureRule } from '../domain/login-throttle';

export interface ThrottleKey {
  readonly key: string;
  readonly rule: FailureRule;
}

export type ThrottleDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Failed-login counts kept where every API process sees them (server/domain/login-throttle.ts). */
export interface LoginThrottleStore {
  /**
   * All or nothing, atomically: refused when any key is blocked; otherwise one failure is counted on
   * every key in advance (concurrent guesses cannot all slip in before the first is counted).
   */
  reserve(keys: readonly ThrottleKey[], now: number): Promise<ThrottleDecision>;
  /** Takes back the failure counted in advance (the attempt succeeded). */
  forgive(keys: readonly ThrottleKey[], now: number): Promise<void>;
  /** Forgets the keys entirely (a successful login clears its own address/device + account count). */
  clear(keys: readonly string[]): Promise<void>;
  /** Counts one failure without a decision (the per-account signal). */
  record(key: ThrottleKey, now: number): Promise<void>;
  /** Seconds the key is blocked for (0 = not blocked); read only. */
  secondsBlocked(key: ThrottleKey, now: number): Promise<number>;
}

/** The signed device cookie a successful login leaves in the browser (OWASP "device cookies"). */
export interface DeviceTokens {
  /** A new token for this browser and e-mail, valid for `maxAgeSeconds`. */
  issue(email: string, now: number): { readonly token: string; readonly maxAgeSeconds: number };
  /** The device id when `token` is a valid, unexpired token for this e-mail; otherwise null. */
  verify(token: string, email: string, now: number): string | null;
}
