import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_SCHEMAS, type WebhookEvent } from '@dalil/contracts/webhooks';
import { z } from 'zod';
import { refusesKeys } from './api-key-caller';

type JsonSchema = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;

/** zod's OpenAPI 3.0 form of `z.null()`: the one value null. */
const isNullOnly = (s: JsonSchema) => s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1;

/**
 * OpenAPI 3.0 applies `nullable` only next to a `type`. The zod conversion puts it beside `anyOf` for a
 * nullable union (`string | number | null`), where it would accept no null at all: move it into each
 * member instead. Walks the whole schema.
 */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(fixNullable);
  if (!isObject(node)) return;
  const members = node.anyOf ?? node.oneOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(members)) {
    delete node.nullable;
    for (const member of members) if (isObject(member) && member.type !== undefined) member.nullable = true;
  }
  Object.values(node).forEach(fixNullable);
}

/**
 * The route schemas as OpenAPI (zod to JSON Schema), with what the conversion cannot know: public
 * routes need no token (`security: []`, from the route's declared access, so none can forget it), the
 * routes no API key reaches take the session token only, a
 * 204 answer has no body, and nullability is spelled the OpenAPI 3.0 way.
 */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as JsonSchema;
  fixNullable(schema);
  const responses = schema.response;
  if (isObject(responses) && isObject(responses[204]) && isNullOnly(responses[204])) {
    responses[204] = { type: 'null', description: 'No content' };
  }
  if (input.route.config?.access === 'public') schema.security = [];
  else if (refusesKeys(input.url)) schema.security = [{ bearer: [] }];
  return result;
};

/** The component name of an event's payload: `product.created` is `WebhookProductCreated`. */
const webhookPayloadName = (type: WebhookEvent): string =>
  `Webhook${type
    .split(/[.-]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

/**
 * The body of each webhook event (docs/decisions/0051-webhooks.md) as a component schema: OpenAPI
 * 3.0 has no place for the requests Dalil sends, so the receiver's side is documented this way.
 */
function webhookPayloads(): Record<string, JsonSchema> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => {
      const schema = z.toJSONSchema(WEBHOOK_PAYLOAD_SCHEMAS[type], { target: 'openapi-3.0', io: 'output' });
      delete schema.$schema;
      fixNullable(schema);
      return [webhookPayloadName(type), schema];
    }),
  );
}

/** The @fastify/swagger settings: the document at /api/docs/json, every operation named and secured. */
export const OPENAPI: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: { title: 'Dalil API', version: '1.0.0', description: 'Bilingual product catalogue' },
    servers: [{ url: '/', description: 'The server answering this document' }],
    components: {
      schemas: webhookPayloads(),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A session token from POST /api/admin/login or /api/user/login',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'dalil_...',
          description:
            'An API key an administrator created (POST /api/api-key), sent as `Authorization: Bearer dalil_...`. ' +
            'An editor key acts as an editor of its families; a reader key may only read (every write answers 403). ' +
            'A key never reaches accounts, keys or sign-out (403); a revoked or expired key answers 401.',
        },
      },
    },
    // Either credential: a session token or an API key.
    security: [{ bearer: [] }, { apiKey: [] }],
  },
  transform,
};
