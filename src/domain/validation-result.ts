/**
 * The shared "it worked / this is what failed" value of the domain. Domain functions are total:
 * instead of throwing they return a Result whose error says what was wrong, and the caller (a
 * machine or a view) decides what that means for the user.
 */

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

export interface Err<E> {
  readonly ok: false;
  readonly error: E;
}

export type Result<T, E> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
