import { z } from 'zod';
import { adminCalls } from './admin-calls.ts';
import type { CallDefinition } from './call.ts';
import { calls } from './calls.ts';
import { ERROR_CODES, envelopeSchema, fieldErrorsSchema } from './envelope.ts';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, as a payload is sent (`input`) or an answer is read (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms have no JSON Schema: the shape around them is still described.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

const failure = (description: string, psdata: z.ZodType = z.null()) => ({
  description,
  content: {
    'application/json': {
      schema: jsonSchema(z.object({ success: z.literal(false), code: z.enum(ERROR_CODES).or(z.string()), psdata: psdata.nullable(), message: z.string() }), 'output'),
    },
  },
});

function operation(name: string, definition: CallDefinition<z.ZodType, z.ZodType>, tag: 'shop' | 'admin') {
  const input = jsonSchema(definition.input, 'input');
  const parameters =
    definition.method === 'GET'
      ? Object.entries((input.properties ?? {}) as Record<string, JsonSchema>).map(([parameter, schema]) => ({
          name: parameter,
          in: 'query',
          required: ((input.required ?? []) as string[]).includes(parameter),
          schema,
        }))
      : undefined;
  return {
    operationId: name,
    tags: [tag],
    ...(parameters ? { parameters } : { requestBody: { required: true, content: { 'application/json': { schema: input } } } }),
    responses: {
      200: { description: 'Done', content: { 'application/json': { schema: jsonSchema(envelopeSchema(definition.output), 'output') } } },
      400: failure('The payload breaks the contract; psdata.errors names the fields', fieldErrorsSchema),
      401: failure(tag === 'admin' ? 'The call needs a staff session' : 'The call needs a signed-in customer'),
      ...(tag === 'admin' ? { 403: failure("The staff member's role has no right to this call") } : {}),
      404: failure('What the payload names does not exist'),
      409: failure('A conflict with the current state (stock, a stale cart)'),
      429: failure('Too many attempts; try again later'),
      503: failure('The shop is unavailable or under maintenance'),
    },
  };
}

/**
 * The shop API as an OpenAPI 3.1 document, generated from the contract's zod schemas (served by the API
 * at GET /openapi.json): one operation per call, POST (or GET) /{callName}, every answer in the envelope; the back
 * office's calls under /admin/{callName}, tagged `admin`.
 */
export function openApiDocument(serverUrl = '/'): JsonSchema {
  const paths = Object.fromEntries([
    ...Object.entries(calls).map(([name, definition]) => [
      `/${name}`,
      { [definition.method.toLowerCase()]: operation(name, definition as CallDefinition<z.ZodType, z.ZodType>, 'shop') },
    ]),
    ...Object.entries(adminCalls).map(([name, definition]) => [`/admin/${name}`, { post: operation(name, definition as CallDefinition<z.ZodType, z.ZodType>, 'admin') }]),
  ]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version: '1',
      description:
        'One call = POST /{callName} with a JSON body (getDeliveryMessage and getPasswordPolicy are GET). Headers: Accept-Language, X-Shop-Country, X-Session-Id. Every answer is {success, code, psdata, message}.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'shop', description: "The storefront's calls, for a shopper's session (X-Session-Id)" },
      { name: 'admin', description: "The back office's calls, for a staff session (X-Staff-Session); may be served on another address (ADMIN_API_HOST, ADMIN_API_PORT)" },
    ],
    paths,
  };
}
