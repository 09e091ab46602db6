import { Schema } from 'effect';
import type { ContractSchema, EndpointDefinition } from '../../api/endpoint';
import { ApiError } from '../../api/errors';

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of every endpoint registered through the contract router, derived from the
 * same Effect Schemas that decode requests. Served at /api/openapi.json.
 */
export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
) {
  const components: JsonObject = {};
  const toSchema = (schema: ContractSchema): JsonObject => {
    const document = Schema.toJsonSchemaDocument(schema);
    for (const [name, definition] of Object.entries(document.definitions as JsonObject)) {
      components[name] = rewriteRefs(definition);
    }
    return rewriteRefs(document.schema) as JsonObject;
  };
  const errorSchema = toSchema(ApiError);
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints) {
    const openApiPath = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters: JsonObject[] = [];
    for (const [location, schema] of [
      ['path', endpoint.params],
      ['query', endpoint.query],
    ] as const) {
      if (!schema) continue;
      const objectSchema = toSchema(schema);
      const properties = (objectSchema.properties ?? {}) as Record<string, JsonObject>;
      const required = new Set((objectSchema.required ?? []) as string[]);
      for (const [name, property] of Object.entries(properties)) {
        parameters.push({
          name,
          in: location,
          required: location === 'path' || required.has(name),
          schema: property,
        });
      }
    }
    const status = String(endpoint.successStatus ?? 200);
    const errorStatuses = new Set(endpoint.errorStatuses ?? []);
    if (endpoint.params || endpoint.query || endpoint.body) errorStatuses.add(400);
    const responses: JsonObject = {
      [status]: {
        description: 'OK',
        content: { 'application/json': { schema: toSchema(endpoint.response) } },
      },
    };
    for (const code of [...errorStatuses].sort()) {
      responses[String(code)] = {
        description: 'Ошибка: { error, message }',
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    const operation: JsonObject = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(endpoint.body) } },
            },
          }
        : {}),
      responses,
    };
    paths[openApiPath] = { ...(paths[openApiPath] ?? {}), [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { schemas: components },
  };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value as JsonObject)) {
    out[key] =
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/(\$defs|definitions)\//, '#/components/schemas/')
        : rewriteRefs(inner);
  }
  return out;
}
