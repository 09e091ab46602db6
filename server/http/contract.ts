import { Cause, Exit, Schema, SchemaIssue } from 'effect';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ContractSchema, EndpointDefinition } from '../../api/endpoint';
import { type ApiError, apiError, ErrorCode, errorStatus } from '../../api/errors';
import { findControlCharacter, type InputProblem } from '../../api/text';

/**
 * Binds contract endpoints (api/) to Fastify: every request's params, query and body are decoded with
 * the endpoint's schemas before the handler runs (a bad one is a 400 with a Russian message), and the
 * handler's value is encoded through the response schema (a mismatch is our bug: a logged 500, never
 * a leak). A derived JSON Schema lets Fastify serialise responses fast.
 */

/** An answer other than success: a status and the error body of api/errors.ts. */
export class ApiFailure {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {}
}

export const failure = (code: ErrorCode, message?: string, status?: number): ApiFailure =>
  new ApiFailure(status ?? errorStatus[code], apiError(code, message));

export const notFound = (message: string): ApiFailure => failure(ErrorCode.notFound, message);

interface DecodedRequest<E extends EndpointDefinition> {
  readonly params: E['params'] extends ContractSchema ? E['params']['Type'] : undefined;
  readonly query: E['query'] extends ContractSchema ? E['query']['Type'] : undefined;
  readonly body: E['body'] extends ContractSchema ? E['body']['Type'] : undefined;
  readonly raw: FastifyRequest;
  readonly reply: FastifyReply;
}

/** Returned by a handler that answered by itself (a streamed file download): nothing more is sent. */
export const STREAMED: unique symbol = Symbol('streamed');

type Handler<E extends EndpointDefinition> = (
  request: DecodedRequest<E>,
) => Promise<E['response']['Type'] | ApiFailure | typeof STREAMED>;

const LOCATION_TEXT = {
  params: 'Некорректный адрес',
  query: 'Некорректные параметры запроса',
  body: 'Некорректное тело запроса',
} as const;

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

/** A Russian message naming the offending fields (never the rejected values: they may be hostile). */
function describeIssue(location: keyof typeof LOCATION_TEXT, issue: SchemaIssue.Issue): string {
  const fields = new Set<string>();
  for (const item of formatter(issue).issues) {
    const path = (item.path ?? [])
      .map((segment) => (typeof segment === 'object' && segment !== null ? segment.key : segment))
      .filter((segment) => typeof segment === 'string');
    if (path.length > 0) fields.add(path.join('.'));
  }
  if (fields.size === 0) return `${LOCATION_TEXT[location]}.`;
  const list = [...fields].map((field) => `«${field}»`).join(', ');
  return `${LOCATION_TEXT[location]}: ${fields.size === 1 ? 'поле' : 'поля'} ${list}.`;
}

/** A Russian message for input refused before decoding (never quoting the hostile value). */
function describeProblem(location: keyof typeof LOCATION_TEXT, problem: InputProblem): string {
  const field = problem.path.length > 0 ? `: поле «${problem.path.join('.')}»` : '';
  return problem.kind === 'control_character'
    ? `${LOCATION_TEXT[location]}${field} содержит недопустимые управляющие символы.`
    : `${LOCATION_TEXT[location]}: слишком глубокая вложенность.`;
}

function decodeWith(schema: ContractSchema, location: keyof typeof LOCATION_TEXT) {
  const decode = Schema.decodeUnknownExit(schema, { errors: 'all', onExcessProperty: 'ignore' });
  return (input: unknown): { ok: true; value: unknown } | { ok: false; failure: ApiFailure } => {
    // Every endpoint, whatever its schema says: no control characters, no hostile nesting
    // (api/text.ts). PostgreSQL refuses NUL, so this is also what keeps such input from a 500.
    const problem = findControlCharacter(input);
    if (problem !== null) {
      return { ok: false, failure: failure(ErrorCode.badRequest, describeProblem(location, problem)) };
    }
    const exit = decode(input);
    if (Exit.isSuccess(exit)) return { ok: true, value: exit.value };
    const error = Cause.findErrorOption(exit.cause);
    const message =
      error._tag === 'Some' && Schema.isSchemaError(error.value)
        ? describeIssue(location, error.value.issue)
        : `${LOCATION_TEXT[location]}.`;
    return { ok: false, failure: failure(ErrorCode.badRequest, message) };
  };
}

/** Everything registered through a router, for the OpenAPI document. */
interface RegisteredEndpoint {
  readonly endpoint: EndpointDefinition;
}

export interface ContractRouter {
  route<E extends EndpointDefinition>(
    endpoint: E,
    handler: Handler<E>,
    options?: RouteShorthandOptions,
  ): void;
  readonly endpoints: readonly RegisteredEndpoint[];
}

/** JSON Schema of a response for fast-json-stringify, or undefined when it cannot be expressed. */
function responseJsonSchema(schema: ContractSchema): Record<string, unknown> | undefined {
  try {
    const document = Schema.toJsonSchemaDocument(schema);
    const definitions = document.definitions as Record<string, unknown>;
    if (Object.keys(definitions).length > 0) return undefined;
    return document.schema as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function createContractRouter(app: FastifyInstance): ContractRouter {
  const endpoints: RegisteredEndpoint[] = [];
  return {
    endpoints,
    route<E extends EndpointDefinition>(
      endpoint: E,
      handler: Handler<E>,
      options: RouteShorthandOptions = {},
    ) {
      endpoints.push({ endpoint });
      const decodeParams = endpoint.params ? decodeWith(endpoint.params, 'params') : undefined;
      const decodeQuery = endpoint.query ? decodeWith(endpoint.query, 'query') : undefined;
      const decodeBody = endpoint.body ? decodeWith(endpoint.body, 'body') : undefined;
      const encode = Schema.encodeUnknownExit(endpoint.response);
      const successStatus = endpoint.successStatus ?? 200;
      const serialised = responseJsonSchema(endpoint.response);
      app.route({
        ...options,
        method: endpoint.method,
        url: endpoint.path,
        ...(serialised ? { schema: { response: { [successStatus]: serialised } } } : {}),
        handler: async (request, reply) => {
          const decoded: Record<'params' | 'query' | 'body', unknown> = {
            params: undefined,
            query: undefined,
            body: undefined,
          };
          for (const [key, decode, input] of [
            ['params', decodeParams, request.params],
            ['query', decodeQuery, request.query],
            ['body', decodeBody, request.body],
          ] as const) {
            if (!decode) continue;
            const result = decode(input ?? {});
            if (!result.ok) return reply.code(result.failure.status).send(result.failure.body);
            decoded[key] = result.value;
          }
          const value = await handler({ ...decoded, raw: request, reply } as DecodedRequest<E>);
          if (value === STREAMED) return reply;
          if (value instanceof ApiFailure) return reply.code(value.status).send(value.body);
          const encoded = encode(value);
          if (Exit.isFailure(encoded)) {
            request.log.error(
              { cause: Cause.pretty(encoded.cause), url: endpoint.path },
              'response does not match the contract',
            );
            const internal = failure(ErrorCode.internal);
            return reply.code(internal.status).send(internal.body);
          }
          return reply.code(successStatus).send(encoded.value);
        },
      });
    },
  };
}
