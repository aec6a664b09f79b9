import type { Account } from '@dalil/contracts/auth';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import type {
  OperationDeclaration,
  Operations,
  ResourceDeclaration,
  ResourceSchemas,
} from '@dalil/contracts/resources';
import type { DataContext } from './context';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a custom operation's handler is given: the request's parts as its declaration parsed them. */
interface OperationRequest<O extends OperationDeclaration> {
  ctx: DataContext;
  params: O['params'] extends z.ZodType ? z.output<O['params']> : { id: number };
  query: Parsed<O['query']>;
  body: Parsed<O['body']>;
  account: Account | null;
  log: FastifyBaseLogger;
}

/** What a handler answers: the declared answer's input (the route's schema serialises it), or nothing. */
type OperationAnswer<O extends OperationDeclaration> = O['answer'] extends z.ZodType
  ? z.input<O['answer']>
  : null | void;

/** The handlers of a resource's custom operations, one per declared operation. */
export type OperationHandlers<O extends Operations> = {
  [N in keyof O]: (request: OperationRequest<O[N]>) => Promise<OperationAnswer<O[N]>>;
};

const hasId = (operation: OperationDeclaration) => operation.path.startsWith('/:id');

/**
 * The error answers an operation documents: 400 and 401 always, 403 when only administrators may call
 * it, 404 when its path names an item, 409 when the declaration says it can conflict.
 */
function errorResponses(operation: OperationDeclaration) {
  const codes = [400, 401];
  if (operation.access === 'admin') codes.push(403);
  if (hasId(operation)) codes.push(404);
  if (operation.conflict) codes.push(409);
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));
}

/**
 * Registers a resource's custom operations (its declaration's `operations`), each at
 * `${API_BASE}${resource.path}${operation.path}` with its access, schemas, OpenAPI operation id and
 * error answers, answered by the module's handler of the same name.
 */
export function operationRoutes<O extends Operations>(
  app: FastifyInstance,
  resource: ResourceDeclaration<ResourceSchemas, string, string, O>,
  handlers: OperationHandlers<O>,
) {
  const { ctx } = app;
  for (const [name, operation] of Object.entries(resource.operations) as [keyof O & string, O[keyof O]][]) {
    const handle = handlers[name] as (request: OperationRequest<OperationDeclaration>) => Promise<unknown>;
    const params = operation.params ?? (hasId(operation) ? IdParamsSchema : undefined);
    app.route({
      method: operation.method,
      url: `${API_BASE}${resource.path}${operation.path}`,
      config: { access: operation.access },
      schema: {
        tags: [resource.tag],
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        operationId: operation.operationId,
        ...(params ? { params } : {}),
        ...(operation.query ? { querystring: operation.query } : {}),
        ...(operation.body ? { body: operation.body } : {}),
        response: { [operation.status]: operation.answer ?? z.null(), ...errorResponses(operation) },
      },
      handler: async (request, reply) => {
        const answer = await handle({
          ctx,
          params: request.params as { id: number },
          query: request.query,
          body: request.body,
          account: request.account,
          log: request.log,
        });
        return reply.status(operation.status).send(operation.answer ? answer : null);
      },
    });
  }
}
