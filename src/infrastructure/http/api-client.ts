import { Cause, Duration, Effect, Exit, Option, Schema } from 'effect';
import type { HttpClientError as ClientErrors } from 'effect/http';
import { FetchHttpClient, HttpClient, HttpClientRequest } from 'effect/http';
import {
  type BodyOf,
  buildPath,
  type EndpointDefinition,
  type ParamsOf,
  type ResponseOf,
} from '../../../api/endpoint';
import { ApiError } from '../../../api/errors';
import { PortFailure, type PortFailureKind } from '../../application/ports/port-failure';
import { buildQueryString, type QueryParams } from '../../domain/query-params';

/**
 * The one way the browser talks to the API: an endpoint descriptor of api/ plus its params, query
 * and body go in; the decoded response — or a `PortFailure` saying what went wrong — comes out.
 *
 * - Base URL from configuration (`__API_BASE_URL__`, see build-config.d.ts and docs/browser-adapters.md).
 * - Credentials on every call (spec §6 "Requests are sent with credentials (cookies)").
 * - No default timeout (spec §9 "Default request timeout: none"); a call may set its own (geo: 3 s).
 * - Query parameters through the domain's `buildQueryString` (spec §5: empty/null dropped, arrays repeated).
 * - Every response body is decoded with the endpoint's schema; anything else is a typed failure.
 */
export interface HttpConfig {
  /** Where /api/... lives: '/' for the same origin, or 'http://localhost:3000/' in development. */
  readonly baseUrl: string;
  /** The fetch to use; tests hand in a fake one instead of mocking modules. */
  readonly fetch?: typeof globalThis.fetch;
}

type QueryInputOf<E extends EndpointDefinition> = E['query'] extends Schema.Top ? QueryParams : never;

/** What one call sends. Params and body are typed by the endpoint; query follows the spec's rules. */
export interface ApiRequest<E extends EndpointDefinition> {
  readonly params?: ParamsOf<E> extends undefined ? never : ParamsOf<E>;
  readonly query?: QueryInputOf<E>;
  /** A JSON body, encoded through the endpoint's body schema before it is sent. */
  readonly body?: BodyOf<E> extends undefined ? never : BodyOf<E>;
  /** A multipart body (consultation with an attachment); sent as is, the browser sets the boundary. */
  readonly formData?: FormData;
  /** Extra request headers (e.g. the Idempotency-Key of POST /api/orders). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A time limit for this call in ms; none by default. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** Longest body we read as an error answer; a huge HTML error page is not worth parsing. */
const MAX_ERROR_BODY_CHARS = 64 * 1024;

export function joinUrl(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${pathAndQuery}`;
}

function failure(kind: PortFailureKind, message: string, extra: Partial<PortFailure> = {}): PortFailure {
  return new PortFailure({
    kind,
    message,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.code === undefined ? {} : { code: extra.code }),
    ...(extra.serverMessage === undefined ? {} : { serverMessage: extra.serverMessage }),
  });
}

function fromClientError(error: ClientErrors.HttpClientError, label: string): PortFailure {
  const reason = error.reason;
  switch (reason._tag) {
    case 'TransportError':
      return failure('network', `${label}: network error`);
    case 'InvalidUrlError':
    case 'EncodeError':
      return failure('bad-request', `${label}: the request could not be built (${reason._tag})`);
    default:
      return failure('bad-response', `${label}: ${reason._tag}`, { status: reason.response.status });
  }
}

function parseJson(text: string): Option.Option<unknown> {
  try {
    return Option.some(JSON.parse(text) as unknown);
  } catch {
    return Option.none();
  }
}

/** The contract's `{ error, message }` if the body is one; an HTML error page gives nothing. */
function readApiError(text: string): Partial<Pick<PortFailure, 'code' | 'serverMessage'>> {
  if (text.length > MAX_ERROR_BODY_CHARS) return {};
  const decoded = Option.flatMap(parseJson(text), Schema.decodeUnknownOption(ApiError));
  return Option.match(decoded, {
    onNone: () => ({}),
    onSome: (body) => ({ code: body.error, serverMessage: body.message }),
  });
}

export class HttpApiClient {
  private readonly config: HttpConfig;

  constructor(config: HttpConfig) {
    this.config = config;
  }

  /** The absolute address of an API path (a download the browser opens as a link, e.g. an export). */
  href(pathAndQuery: string): string {
    return joinUrl(this.config.baseUrl, pathAndQuery);
  }

  /** Runs a call and settles as a Promise; rejections are always `PortFailure`. */
  async call<E extends EndpointDefinition>(endpoint: E, request: ApiRequest<E> = {}): Promise<ResponseOf<E>> {
    const options = request.signal ? { signal: request.signal } : undefined;
    const exit = await Effect.runPromiseExit(this.effect(endpoint, request), options);
    if (Exit.isSuccess(exit)) return exit.value as ResponseOf<E>;
    const error = Cause.findErrorOption(exit.cause);
    if (Option.isSome(error)) throw error.value;
    if (Cause.hasInterruptsOnly(exit.cause)) {
      throw failure('canceled', `${endpoint.method} ${endpoint.path}: canceled`);
    }
    throw failure('network', `${endpoint.method} ${endpoint.path}: ${String(Cause.squash(exit.cause))}`);
  }

  /** The same call as an Effect, for adapters that compose calls (e.g. timeouts, fallbacks). */
  effect<E extends EndpointDefinition>(
    endpoint: E,
    request: ApiRequest<E> = {},
  ): Effect.Effect<ResponseOf<E>, PortFailure> {
    const label = `${endpoint.method} ${endpoint.path}`;
    const fetchImpl = this.config.fetch;
    const baseUrl = this.config.baseUrl;

    const program = Effect.gen(function* () {
      // Params go through the contract too: an id the server would reject (0, NaN, '') is never sent.
      const params =
        endpoint.params === undefined || request.params === undefined
          ? {}
          : yield* Schema.encodeUnknownEffect(endpoint.params)(request.params).pipe(
              Effect.mapError(() =>
                failure('precondition', `${label}: path parameters do not match the contract`),
              ),
            );
      const path = buildPath(endpoint.path, params as Readonly<Record<string, string | number>>);
      if (path === undefined) {
        return yield* Effect.fail(failure('precondition', `${label}: a path parameter is missing`));
      }
      const query = request.query ? buildQueryString(request.query) : '';
      const url = joinUrl(baseUrl, query === '' ? path : `${path}?${query}`);

      let httpRequest = HttpClientRequest.make(endpoint.method)(url).pipe(
        HttpClientRequest.acceptJson,
        HttpClientRequest.setHeaders(request.headers ?? {}),
      );
      if (request.formData !== undefined) {
        httpRequest = HttpClientRequest.bodyFormData(httpRequest, request.formData);
      } else if (request.body !== undefined && endpoint.body !== undefined) {
        const encoded = yield* Schema.encodeUnknownEffect(endpoint.body)(request.body).pipe(
          Effect.mapError(() => failure('bad-request', `${label}: the body does not match the contract`)),
        );
        httpRequest = yield* HttpClientRequest.bodyJson(httpRequest, encoded).pipe(
          Effect.mapError(() => failure('bad-request', `${label}: the body is not JSON`)),
        );
      }

      const client = yield* HttpClient.HttpClient;
      const response = yield* client
        .execute(httpRequest)
        .pipe(Effect.mapError((error) => fromClientError(error, label)));
      const text = yield* response.text.pipe(
        Effect.mapError(() =>
          failure('network', `${label}: the body could not be read`, { status: response.status }),
        ),
      );

      if (response.status < 200 || response.status >= 300) {
        const kind: PortFailureKind =
          response.status >= 400 && response.status < 500 ? 'bad-request' : 'bad-response';
        return yield* Effect.fail(
          failure(kind, `${label}: HTTP ${response.status}`, {
            status: response.status,
            ...readApiError(text),
          }),
        );
      }

      // An empty body (204) decodes as `undefined`, so a void endpoint passes and a data endpoint fails.
      const json = text.trim() === '' ? Option.some<unknown>(undefined) : parseJson(text);
      if (Option.isNone(json)) {
        return yield* Effect.fail(
          failure('bad-response', `${label}: the body is not JSON`, { status: response.status }),
        );
      }
      return yield* Schema.decodeUnknownEffect(endpoint.response)(json.value).pipe(
        Effect.mapError(() =>
          failure('bad-response', `${label}: the body does not match the contract`, {
            status: response.status,
          }),
        ),
      );
    });

    const timed =
      request.timeoutMs === undefined
        ? program
        : program.pipe(
            Effect.timeout(Duration.millis(request.timeoutMs)),
            Effect.mapError((error) =>
              error instanceof PortFailure
                ? error
                : failure('timeout', `${label}: no answer in ${request.timeoutMs} ms`),
            ),
          );

    const withTransport = timed.pipe(
      Effect.provide(FetchHttpClient.layer),
      Effect.provideService(FetchHttpClient.RequestInit, { credentials: 'include' }),
      // Trace headers (b3, traceparent) would force a CORS preflight on a cross-origin dev API.
      Effect.provideService(HttpClient.TracerPropagationEnabled, false),
    );
    return (
      fetchImpl === undefined
        ? withTransport
        : withTransport.pipe(Effect.provideService(FetchHttpClient.Fetch, fetchImpl))
    ) as Effect.Effect<ResponseOf<E>, PortFailure>;
  }
}
