/**
 * OpenAPI 3.1 document generated from the shared contract: every entry of `endpoints`
 * with its input (query parameters or JSON body, with their bounds) and output schema, and
 * every status each operation can answer, with the error body.
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

/** Calls that read or change one request: a foreign token or a missing login is refused. */
const GUARDED: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'tracking', 'history', 'attachedDocuments', 'documentsToSign', 'uploadDocument', 'signLink', 'finalize', 'acceptance', 'recordSignature',
]);
/** Calls that name a request by an internal id (http/access.ts). */
const ID_KEYED: ReadonlySet<EndpointName> = new Set<EndpointName>(['finalize', 'acceptance', 'signLink', 'recordSignature']);
/** Calls that can name something that does not exist (or that this caller may not name). */
const CAN_BE_NOT_FOUND: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'setting', 'operatorKey', 'tracking', 'history', 'attachedDocuments', 'documentsToSign', 'uploadDocument', 'signLink',
  'finalize', 'acceptance', 'recordSignature',
]);

function responsesOf(name: EndpointName): Record<number, Json> {
  const endpoint = endpoints[name];
  const isPost = endpoint.method === 'POST';
  const responses: Record<number, Json> = {
    200: {
      description: 'OK',
      content: { [endpoint.responseKind === 'json' ? 'application/json' : 'text/plain']: { schema: jsonSchema(endpoint.output, 'output') } },
    },
    400: errorResponse('Dados inválidos: fora do contrato ou dos seus limites (mensagem em português, nomeando o campo), ou recusados por uma regra'),
  };
  if (isPost || GUARDED.has(name)) {
    responses[403] = errorResponse(
      [isPost ? 'token CSRF ausente ou não emitido por este servidor' : '', GUARDED.has(name) ? 'login necessário ou token de outro protocolo' : '']
        .filter(Boolean).join('; '),
    );
  }
  if (CAN_BE_NOT_FOUND.has(name)) {
    responses[404] = errorResponse(ID_KEYED.has(name)
      ? 'Não encontrado — a mesma resposta para um id inexistente e para um id de outra solicitação (ou sem token)'
      : 'Não encontrado');
  }
  responses[408] = errorResponse('A requisição (cabeçalhos ou corpo) não chegou a tempo');
  if (isPost) {
    responses[409] = errorResponse('Idempotency-Key ainda em processamento');
    responses[413] = errorResponse(name === 'uploadDocument' ? 'Corpo acima de ~14 MB (arquivo acima de 10 MB)' : 'Corpo acima de 64 KB');
    responses[415] = errorResponse('Tipo de conteúdo diferente de application/json');
    responses[422] = errorResponse('Idempotency-Key já usada com outros dados');
  }
  responses[431] = errorResponse('Cabeçalhos grandes demais');
  responses[500] = errorResponse('Falha inesperada do servidor (registrada; sem detalhes na resposta)');
  if (isPost) responses[507] = errorResponse('Sem espaço em disco para gravar; nada foi gravado e as leituras continuam');
  return responses;
}

export function buildOpenApi(version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint = endpoints[name];
    const input = jsonSchema(endpoint.input, 'input');
    const operation: Json = { operationId: name, responses: responsesOf(name) };
    if (endpoint.method === 'GET') {
      const properties = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required ?? []) as string[]);
      operation.parameters = Object.entries(properties).map(([param, schema]) => ({
        name: param, in: 'query', required: required.has(param), schema,
      }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
      operation.parameters = [
        { name: HEADERS.csrfHeader, in: 'header', required: true, schema: { type: 'string' }, description: `Igual ao cookie ${HEADERS.csrfCookie} (emitido e assinado por este servidor)` },
        { name: HEADERS.idempotencyKey, in: 'header', required: false, schema: { type: 'string', pattern: '^[\\w.:-]{8,200}$' } },
      ];
    }
    const path = `${API_BASE}${endpoint.path}`;
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portabilidade — back-end de referência', version },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Token do login, ou o token do protocolo devolvido pela consulta (acompanhamento) e pelo cadastro; "free" = anônimo',
        },
      },
    },
    security: [{ bearer: [] }, {}],
    paths,
  };
}
