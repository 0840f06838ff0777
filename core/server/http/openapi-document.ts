import { createRequire } from 'node:module';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage } from 'class-validator';
import type { RegisteredRoute } from './route-registry';

type JsonSchema = Record<string, unknown>;

const require = createRequire(import.meta.url);
// Node loads class-transformer's CommonJS build; its @Type metadata (nested DTOs) lives in that copy.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage.js') as { defaultMetadataStorage: MetadataStorage };

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

const ENVELOPE_DESCRIPTION = 'Success: `{ data, token? }` — a `token` replaces the stored one.';
const ERROR = { $ref: '#/components/schemas/ApiError' };

/**
 * The OpenAPI 3.1 document of the mounted routes. Body and query schemas come from the same
 * class-validator DTOs the server validates with, so the document cannot promise what the server
 * refuses. Built once, on first request, from the registry (every route is known by then).
 */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): OpenApiDocument {
  // Loaded here, on the document's first request, not with the server's code.
  const { validationMetadatasToSchemas } = require('class-validator-jsonschema') as typeof import('class-validator-jsonschema');
  const schemas = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    classValidatorMetadataStorage: getMetadataStorage(),
    refPointerPrefix: '#/components/schemas/',
  }) as Record<string, JsonSchema>;
  const paths: OpenApiDocument['paths'] = {};
  for (const { definition: def, origin } of routes) {
    const path = def.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const pathParams = [...def.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = def.query ? queryParameters(schemas[def.query.name]) : [];
    const operation: Record<string, unknown> = {
      operationId: `${def.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [origin.owner],
      summary: def.description ?? `${def.method} ${def.url}`,
      security: def.auth === 'public' ? [] : [{ bearer: [] }],
      parameters: [...pathParams, ...queryParams],
      responses: {
        [String(def.status ?? 200)]: { description: def.download ? 'A file download (content-disposition names it).' : def.envelope === false ? 'The result as is.' : ENVELOPE_DESCRIPTION },
        ...(def.auth === 'public' ? {} : { 401: { description: 'Not signed in, or the session ended', content: json(ERROR) } }),
        403: { description: 'Not allowed for this caller', content: json(ERROR) },
        ...(def.app ? { 404: { description: 'Unknown app, or one the caller holds no role on', content: json(ERROR) } } : {}),
        ...(def.body || def.query ? { 422: { description: 'Invalid input; `info` lists the messages', content: json(ERROR) } } : {}),
      },
    };
    if (def.body) {
      operation.requestBody = { required: true, content: json({ $ref: `#/components/schemas/${def.body.name}` }) };
    }
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Civic Console API',
      version,
      description: 'Every answer is `{ data, token? }`; errors are `{ message, info?, fields? }`. Send `Authorization: Bearer <token>`.',
    },
    paths,
    components: {
      schemas: {
        ...schemas,
        ApiError: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string' }, info: { type: 'array', items: { type: 'string' } }, fields: { type: 'object' } },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (RS512)' } },
    },
  };
}

function json(schema: unknown): Record<string, unknown> {
  return { 'application/json': { schema } };
}

function queryParameters(schema: JsonSchema | undefined): unknown[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}
