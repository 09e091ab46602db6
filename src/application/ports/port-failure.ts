/**
 * How a port call fails. Port methods return Promises (machines call them through `fromPromise`
 * actors, which turn a rejection into an `error` event), and every rejection is a `PortFailure`
 * whose `kind` says what happened, so a machine decides on the kind — toast, retry, redirect —
 * without knowing that HTTP, fetch or effect exist.
 *
 * Spec §8 "Generic transport errors (network, timeout, canceled, bad request/response by status
 * class) arise": those are the first five kinds. `precondition` is a call the adapter refused to make
 * (spec §5 "Call preconditions": a warning is logged and nothing is sent).
 */
export type PortFailureKind =
  /** The request never got an answer: offline, DNS, CORS, connection reset. */
  | 'network'
  /** No answer within the call's time limit (only geo has one: 3 s). */
  | 'timeout'
  /** The caller aborted (an actor was stopped). */
  | 'canceled'
  /** A 4xx answer: the server refused this request (401, 403, 404, 409, 413, …). */
  | 'bad-request'
  /** A 5xx or otherwise unexpected answer, or a body that does not match the contract. */
  | 'bad-response'
  /** The adapter refused to call: an argument the spec requires was missing or invalid. */
  | 'precondition';

export interface PortFailureDetails {
  readonly kind: PortFailureKind;
  /** Developer-facing text (English); never shown to people. */
  readonly message: string;
  /** The HTTP status, when an answer arrived. */
  readonly status?: number;
  /** The contract's error code from `{ error, message }` (e.g. 'invalid_attachment_type'). */
  readonly code?: string;
  /** The server's Russian message from `{ error, message }`, which the UI may show as is. */
  readonly serverMessage?: string;
}

export class PortFailure extends Error {
  readonly _tag = 'PortFailure';
  readonly kind: PortFailureKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;

  constructor(details: PortFailureDetails) {
    super(details.message);
    this.name = 'PortFailure';
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
  }
}

/** Narrows the `error` of a `fromPromise` actor's error event. */
export function isPortFailure(value: unknown): value is PortFailure {
  return value instanceof PortFailure;
}

/** Options every network-backed port method accepts: the actor's signal cancels the request. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}
