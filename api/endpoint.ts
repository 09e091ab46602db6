import type { Schema } from 'effect';
import type { AdminArea } from '../shared-rules/staff-role-rule';

/**
 * One HTTP endpoint of the contract: the single description both sides read. The server decodes the
 * path params, query and body of every request with these schemas and encodes every response through
 * `response`; the browser adapters build the URL from `path` and decode the answer with `response`.
 *
 * Path params use the `:name` form (`/api/products/:id`). Query schemas start from what a URL carries —
 * strings, and arrays of strings for a repeated parameter — so numbers go through a string→number
 * schema (see `query-fields.ts`).
 */
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A schema without service requirements: decoding and encoding are synchronous and self-contained. */
export type ContractSchema = Schema.Codec<unknown, unknown>;

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Starts with /api/; `:name` segments are path params and must be fields of `params`. */
  readonly path: `/api/${string}`;
  /** One line for the OpenAPI document (English or Russian, read by developers). */
  readonly summary: string;
  /** Groups the endpoint in the OpenAPI document, usually the resource name. */
  readonly tag: string;
  readonly params?: ContractSchema;
  readonly query?: ContractSchema;
  readonly body?: ContractSchema;
  readonly response: ContractSchema;
  /** HTTP status of a success; 200 when absent. */
  readonly successStatus?: number;
  /** Statuses that answer with the error body of errors.ts (400 is implied when params/query/body exist). */
  readonly errorStatuses?: readonly number[];
  /**
   * Back-office endpoints only: the admin area it belongs to. The server's guard lets in the staff
   * whose role opens it (shared-rules/staff-role-rule.ts); an admin route without one cannot register.
   */
  readonly area?: AdminArea;
}

/** Keeps the literal types of a definition so `ParamsOf` & co. see the exact schemas. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

type TypeOf<S> = S extends ContractSchema ? S['Type'] : undefined;

export type ParamsOf<E extends EndpointDefinition> = TypeOf<E['params']>;
export type BodyOf<E extends EndpointDefinition> = TypeOf<E['body']>;
export type ResponseOf<E extends EndpointDefinition> = E['response']['Type'];

/**
 * Fills the `:params` of a path with URL-encoded values. A missing value leaves the result
 * `undefined` rather than producing a URL that points somewhere else.
 */
export function buildPath(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string | undefined {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const value = params[segment.slice(1)];
    if (value === undefined || String(value) === '') return undefined;
    segments.push(encodeURIComponent(String(value)));
  }
  return segments.join('/');
}
