/**
 * OpenAPI 3.1 document generated from the shared contract: every entry of `endpoints`
 * with its input (query parameters or JSON body) and output schema, plus the error body.
 */
import * as z from 'zod/mini';
import { HEADERS, endpoints, errorBody, type EndpointName } from '../../src/api/contract.ts';
import { API_BASE } from './context.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } } };
}

export function buildOpenApi(version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint = endpoints[name];
    const input = jsonSchema(endpoint.input, 'input');
    const output = jsonSchema(endpoint.output, 'output');
    const operation: Json = {
      operationId: name,
      responses: {
        200: {
          description: 'OK',
          content: { [endpoint.responseKind === 'json' ? 'application/json' : 'text/plain']: { schema: output } },
        },
        400: errorResponse('Dados inválidos (mensagem em português, nomeando o campo)'),
        403: errorResponse('Sem acesso (CSRF ausente, login necessário ou token de outro protocolo)'),
        404: errorResponse('Não encontrado'),
      },
    };
    if (endpoint.method === 'GET') {
      const properties = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required ?? []) as string[]);
      operation.parameters = Object.entries(properties).map(([param, schema]) => ({
        name: param, in: 'query', required: required.has(param), schema,
      }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
      operation.parameters = [
        { name: HEADERS.csrfHeader, in: 'header', required: true, schema: { type: 'string' }, description: `Igual ao cookie ${HEADERS.csrfCookie}` },
        { name: HEADERS.idempotencyKey, in: 'header', required: false, schema: { type: 'string' } },
      ];
    }
    const path = `${API_BASE}${endpoint.path}`;
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portabilidade — back-end de referência', version },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token do login, ou "free" (anônimo)' } },
    },
    security: [{ bearer: [] }, {}],
    paths,
  };
}
