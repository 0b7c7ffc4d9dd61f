/**
 * OpenAPI 3.1 document generated from the shared contract: every entry of `endpoints`
 * with its input (query parameters or JSON body, with their bounds) and output schema, and
 * every status each operation can answer, with the error body and the headers (XSRF cookie
 * and header, Idempotency-Key, Idempotent-Replayed); then the routes outside the contract
 * the portal reaches (file links, plan images, this document). The backoffice door is not
 * here: it answers only loopback with a secret, and a public description has no use for it.
 */
import * as z from 'zod/mini';
import { HEADERS, endpoints, errorBody, type EndpointName } from '../../contract/api.ts';
import { API_BASE } from './context.ts';
import { rateLimitsOf } from './rate-limits.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } } };
}

/** Sent on any answer to a request without a valid XSRF-TOKEN cookie of this server. */
const SET_CSRF_COOKIE: Json = {
  description: `${HEADERS.csrfCookie}=<token assinado>; Path=/; SameSite=Strict (e Secure em https): emitido quando a requisição não trouxe um cookie válido deste servidor`,
  schema: { type: 'string' },
};
const REPLAYED: Json = {
  description: 'true quando esta é a resposta guardada da primeira tentativa com a mesma Idempotency-Key (repetição)',
  schema: { type: 'string', enum: ['true'] },
};

/** Headers every answer may carry; POST answers (stored per Idempotency-Key) also say when they are a replay. */
function withHeaders(responses: Record<number, Json>, isPost: boolean): Record<number, Json> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      {
        ...response,
        headers: {
          ...(response.headers as Json | undefined),
          'Set-Cookie': SET_CSRF_COOKIE,
          // A 429 is answered before the call runs: never a stored answer.
          ...(isPost && Number(status) < 500 && Number(status) !== 429 ? { 'Idempotent-Replayed': REPLAYED } : {}),
        },
      },
    ]),
  );
}

const MOVED: Json = {
  description: 'Com TRUST_PROXY=1 e PUBLIC_URL https, uma página pedida em http pelo proxy vai para https',
  headers: { Location: { schema: { type: 'string' } } },
};

/** The routes outside the contract the portal reaches: file links, plan images, this document. */
function extraPaths(): Record<string, Record<string, Json>> {
  const name = (pattern: string, description: string): Json => ({
    name: 'name',
    in: 'path',
    required: true,
    description,
    schema: { type: 'string', pattern },
  });
  const common = (): Record<number, Json> => ({
    301: MOVED,
    400: errorResponse('Endereço inválido (um caminho cuja codificação não é UTF-8 válido)'),
    408: errorResponse('A requisição não chegou a tempo'),
    431: errorResponse('Cabeçalhos grandes demais'),
    500: errorResponse('Falha inesperada do servidor (registrada; sem detalhes na resposta)'),
  });
  const file = (types: string[]): Json => ({
    content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  });
  return {
    [`${API_BASE}arquivos/{name}`]: {
      get: {
        operationId: 'storedFile',
        description:
          'Um arquivo guardado (documento enviado, termo ou PDF gerado), pelo link assinado que as respostas trazem (linkUrl, aceite, documento/assina): a assinatura é a permissão, pois o portal abre estes links em outra aba, onde nenhum token viaja. Cada link vale 2 horas (como o token da tela que o recebeu) e só para a solicitação que o recebeu; pedido com um token, vale só enquanto a sessão desse token não for encerrada (auth/sair). As listas geram links novos a cada chamada.',
        security: [{}],
        parameters: [
          name('^[a-f0-9]{32}\\.(pdf|jpg|jpeg|png)$', 'nome guardado, como nos linkUrl das respostas'),
          {
            name: 'expira',
            in: 'query',
            required: true,
            description: 'validade do link (segundos desde 1970, UTC)',
            schema: { type: 'string', pattern: '^\\d{1,12}$' },
          },
          {
            name: 'sessao',
            in: 'query',
            required: false,
            description: 'a sessão do token que pediu o link (ausente num link pedido sem token): encerrada a sessão, o link responde 410',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
          },
          {
            name: 'assinatura',
            in: 'query',
            required: true,
            description: 'assinatura do link',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
          },
        ],
        responses: withHeaders(
          {
            200: {
              description:
                'O arquivo (Cache-Control: private, no-store): um documento enviado vai como anexo (Content-Disposition: attachment, com o nome de exibição); um PDF gerado pelo servidor, inline',
              ...file(['application/pdf', 'image/jpeg', 'image/png']),
            },
            404: errorResponse('Arquivo não encontrado, ou link incompleto, alterado ou de outra solicitação'),
            410: errorResponse(
              'Link expirado ou de uma sessão encerrada (abra o documento de novo pelo portal), ou prazo de guarda da solicitação encerrada terminado',
            ),
            ...common(),
          },
          false,
        ),
      },
    },
    [`${API_BASE}comprovante/{handle}`]: {
      get: {
        operationId: 'receiptFile',
        description:
          'O comprovante da solicitação em PDF (protocolo, data e hora do registro, titular com CPF mascarado, dependentes, documentos enviados, próximos passos e prazos), feito na hora, pelo link que portabilidade/comprovante entrega a um token do protocolo. O link não mostra protocolo nem id (o protocolo vai selado, com a sessão do token que o pediu) e vale 2 horas, e só enquanto essa sessão não for encerrada (auth/sair).',
        security: [{}],
        parameters: [
          {
            name: 'handle',
            in: 'path',
            required: true,
            description: 'o protocolo, a validade e a sessão, selados (AES-256-GCM)',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{40,300}$' },
          },
        ],
        responses: withHeaders(
          {
            200: {
              description: 'O PDF, como anexo (Content-Disposition: attachment; Cache-Control: private, no-store)',
              ...file(['application/pdf']),
            },
            404: errorResponse('Link incompleto, alterado, de outro servidor, ou de uma solicitação que não existe'),
            410: errorResponse(
              'Link expirado ou de uma sessão encerrada (peça o comprovante de novo pelo portal), ou prazo de guarda da solicitação encerrada terminado',
            ),
            ...common(),
          },
          false,
        ),
      },
    },
    [`${API_BASE}imagens/{name}`]: {
      get: {
        operationId: 'planImage',
        description: 'Logo, selo ou favicon de um plano, como nomeados pela configuração (parametro 82, 84, 85). Cache de um dia.',
        security: [{}],
        parameters: [name('^[a-z0-9][a-z0-9-]{0,80}\\.(svg|png|jpg|ico)$', 'nome da imagem')],
        responses: withHeaders(
          {
            200: { description: 'A imagem', ...file(['image/svg+xml', 'image/png', 'image/jpeg', 'image/x-icon']) },
            404: errorResponse('Imagem não encontrada'),
            ...common(),
          },
          false,
        ),
      },
    },
    [`${API_BASE}openapi.json`]: {
      get: {
        operationId: 'openApi',
        description: 'Este documento.',
        security: [{}],
        responses: withHeaders(
          { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } }, ...common() },
          false,
        ),
      },
    },
  };
}

/** Calls that read or change one request: a foreign token or a missing login is refused. */
const GUARDED: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'tracking',
  'history',
  'attachedDocuments',
  'documentsToSign',
  'uploadDocument',
  'signLink',
  'finalize',
  'acceptance',
  'recordSignature',
  'receipt',
  'withdraw',
]);
/** Calls that name a request by an internal id (http/access.ts). */
const ID_KEYED: ReadonlySet<EndpointName> = new Set<EndpointName>(['finalize', 'acceptance', 'signLink', 'recordSignature']);
/** Calls that can name something that does not exist (or that this caller may not name). */
const CAN_BE_NOT_FOUND: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'setting',
  'operatorKey',
  'tracking',
  'history',
  'attachedDocuments',
  'documentsToSign',
  'uploadDocument',
  'signLink',
  'finalize',
  'acceptance',
  'recordSignature',
  'withdraw',
  'privacy',
  'receipt',
  'contact',
]);

function responsesOf(name: EndpointName): Record<number, Json> {
  const endpoint = endpoints[name];
  const isPost = endpoint.method === 'POST';
  const responses: Record<number, Json> = {
    200: {
      description: 'OK',
      content: {
        [endpoint.responseKind === 'json' ? 'application/json' : 'text/plain']: { schema: jsonSchema(endpoint.output, 'output') },
      },
    },
    400: errorResponse(
      'Dados inválidos: fora do contrato ou dos seus limites (mensagem em português, nomeando o campo), ou recusados por uma regra',
    ),
  };
  if (isPost || GUARDED.has(name)) {
    responses[403] = errorResponse(
      [
        isPost ? 'token CSRF ausente ou não emitido por este servidor' : '',
        GUARDED.has(name) ? 'login necessário ou token de outro protocolo' : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
  if (CAN_BE_NOT_FOUND.has(name)) {
    responses[404] = errorResponse(
      ID_KEYED.has(name)
        ? 'Não encontrado — a mesma resposta para um id inexistente e para um id de outra solicitação (ou sem token)'
        : 'Não encontrado',
    );
  }
  if (name !== 'logout') responses[401] = errorResponse('Token de uma sessão encerrada (POST auth/sair)');
  responses[408] = errorResponse('A requisição (cabeçalhos ou corpo) não chegou a tempo');
  if (isPost) {
    responses[409] = errorResponse('Idempotency-Key ainda em processamento');
    responses[413] = errorResponse(
      name === 'uploadDocument'
        ? 'Corpo acima de ~14 MB (arquivo acima de 10 MB), ou campos além do arquivo acima de 16 KB'
        : 'Corpo acima de 64 KB',
    );
    responses[415] = errorResponse('Tipo de conteúdo diferente de application/json');
    responses[422] = errorResponse('Idempotency-Key já usada com outros dados');
  }
  const limits = rateLimitsOf(name);
  if (limits.length > 0) {
    responses[429] = {
      ...errorResponse(
        `Limite de requisições deste endereço atingido (RATE_LIMITS: ${limits.join(', ')}); tente de novo depois de Retry-After`,
      ),
      headers: { 'Retry-After': { description: 'Segundos até a janela do limite terminar', schema: { type: 'integer', minimum: 1 } } },
    };
  }
  responses[431] = errorResponse('Cabeçalhos grandes demais');
  responses[500] = errorResponse('Falha inesperada do servidor (registrada; sem detalhes na resposta)');
  // Until revocation lands (issue 24 item 2) the call says it is not available yet.
  if (name === 'cepAddress') responses[502] = errorResponse('O serviço de CEP (CEP_PROVIDER_URL) falhou ou não respondeu em 3 s');
  if (isPost) responses[507] = errorResponse('Sem espaço em disco para gravar; nada foi gravado e as leituras continuam');
  else responses[301] = MOVED;
  return withHeaders(responses, isPost);
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
        name: param,
        in: 'query',
        required: required.has(param),
        schema,
      }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
      operation.parameters = [
        {
          name: HEADERS.csrfCookie,
          in: 'cookie',
          required: true,
          schema: { type: 'string' },
          description: 'Cookie emitido e assinado por este servidor (Set-Cookie de qualquer resposta)',
        },
        {
          name: HEADERS.csrfHeader,
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: `Igual ao cookie ${HEADERS.csrfCookie} (emitido e assinado por este servidor)`,
        },
        {
          name: HEADERS.idempotencyKey,
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: '^[\\w.:-]{8,200}$' },
          description:
            'Uma chave por operação lógica: uma repetição com a mesma chave e os mesmos dados recebe a resposta guardada da primeira (Idempotent-Replayed: true), em qualquer processo; com outros dados, 422; enquanto a primeira roda, 409',
        },
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
    paths: { ...paths, ...extraPaths() },
  };
}
