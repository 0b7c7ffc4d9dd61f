import { portalRetention } from '../../server/routes/home.ts';
import { DEFAULT_RETENTION_DAYS } from '../../server/services/retention.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/api.ts';
import { messageOf, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

describe('plan settings and operator name', () => {
  it('answers each plan its own logo, seal and favicon links (relative without PUBLIC_URL), which serve real images', async () => {
    const urls: string[] = [];
    for (const plan of ['1', '2']) {
      for (const chave of ['82', '84', '85']) {
        const response = await server.get(`portabilidade/utils/parametro?chave=${chave}&cdEmpresaPlano=${plan}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toMatch(/^\/wslinhafrente\/v1\/imagens\/.+\.svg$/);
        urls.push(response.body);
      }
    }
    expect(new Set(urls).size).toBe(6);
    const image = await server.app.inject({ method: 'GET', url: urls[0] ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.body).toContain('<svg');
  });

  it('answers 404 with a message for an unknown plan', async () => {
    const response = await server.get('portabilidade/utils/parametro?chave=82&cdEmpresaPlano=99');
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toContain('Plano 99');
  });

  it('refuses a setting key outside 82, 84 and 85 naming the field', async () => {
    const response = await server.get('portabilidade/utils/parametro?chave=83&cdEmpresaPlano=1');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/^Campo chave:/);
  });

  it('names each operator by key 65, and refuses other keys with 404', async () => {
    const one = await server.get('auth/recuperar-chave?cdTipo=65&cdEmpresaPlano=1');
    const two = await server.get('auth/recuperar-chave?cdTipo=65&cdEmpresaPlano=2');
    expect(one.body).toBe('Vida Plena Saúde');
    expect(two.body).toBe('Horizonte Saúde');
    const other = await server.get('auth/recuperar-chave?cdTipo=66&cdEmpresaPlano=1');
    expect(other.statusCode).toBe(404);
    expect(messageOf(other)).toContain('65');
  });
});

describe('privacy notice', () => {
  it("answers each operator's own notice, naming it as controller, and the operator's edits win", async () => {
    const one = await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=1');
    expect(one.statusCode).toBe(200);
    const notice = one.json() as Record<string, string>;
    expect(notice.controlador).toBe('Vida Plena Saúde');
    expect(notice.finalidade).toContain('438');
    expect(notice.compartilhamento).toContain('ANS');
    // The portal's own purge, as the server keeps it (RETENTION_DAYS), never a time it does not (found by an exploratory run).
    expect(notice.retencao).toContain(portalRetention(DEFAULT_RETENTION_DAYS));
    expect(notice.retencao).not.toMatch(/5 anos/);
    const two = (await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=2')).json() as Record<string, string>;
    expect(two.controlador).toBe('Horizonte Saúde');
    expect(two.contato).not.toBe(notice.contato);

    await server.db.query("UPDATE privacy_texts SET ds_contato = 'dpo@operadora.example' WHERE cd_empresa_plano = 2");
    const edited = (await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=2')).json() as Record<string, string>;
    expect(edited.contato).toBe('dpo@operadora.example');
  });

  it('answers 404 for an unknown plan and 400 for a code that is not a plan', async () => {
    const unknown = await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=99');
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toContain('Plano 99');
    const invalid = await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=x');
    expect(invalid.statusCode).toBe(400);
  });
});

describe('wizard lookups', () => {
  it('lists tooltips including the two protocol fields', async () => {
    const response = await server.get('portabilidade?solicitacao=9');
    const tooltips = response.json() as Array<{ nmCampo: string; dsDescricao: string }>;
    const fields = tooltips.map((tip) => tip.nmCampo);
    expect(fields).toEqual(expect.arrayContaining(['nu_protocolo_ans', 'nu_protocolo', 'nome', 'nu_ans_plano_destino']));
    expect(tooltips.every((tip) => tip.dsDescricao.length > 10)).toBe(true);
  });

  it('refuses tooltips for a request type other than 9', async () => {
    const response = await server.get('portabilidade?solicitacao=8');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/^Campo solicitacao:/);
  });

  it('offers the three contract types in uppercase with 3 as individual', async () => {
    const response = await server.get('portabilidade/utils/contratacao/destino');
    expect(response.json()).toEqual([
      { label: 'COLETIVO EMPRESARIAL', value: '1' },
      { label: 'COLETIVO POR ADESÃO', value: '2' },
      { label: 'INDIVIDUAL/FAMILIAR', value: '3' },
    ]);
  });

  it('lists the document types with their codes', async () => {
    const response = await server.get('portabilidade/utils/documento/list?solicitacao=9');
    const types = response.json() as Array<{ cdTipoDocumento: number; nmDocumento: string }>;
    expect(types.length).toBeGreaterThanOrEqual(5);
    expect(types.map((type) => type.nmDocumento).join(' ')).toMatch(/RG.*CPF.*residência.*Carteirinha.*pagamento/s);
  });

  it('names a destination plan by its ANS registry and answers empty text when unknown', async () => {
    const known = await server.get('portabilidade/utils/plano/destino?registroAns=481234561');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe('VIDA PLENA ESSENCIAL ENFERMARIA');
    const unknown = await server.get('portabilidade/utils/plano/destino?registroAns=111111111');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('');
    const bad = await server.get('portabilidade/utils/plano/destino?registroAns=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the destination plans to pick from, by name, each with the registry the name lookup answers for', async () => {
    const response = await server.get('portabilidade/utils/plano/destino/lista');
    expect(response.statusCode).toBe(200);
    const plans = response.json() as Array<{ registroAns: string; nmPlano: string }>;
    expect(plans).toContainEqual({ registroAns: '481234562', nmPlano: 'VIDA PLENA MAIS APARTAMENTO' });
    expect(plans.map((plan) => plan.nmPlano)).toEqual([...plans.map((plan) => plan.nmPlano)].sort());
    for (const plan of plans) {
      expect(plan.registroAns).toMatch(/^\d{9}$/);
      expect((await server.get(`portabilidade/utils/plano/destino?registroAns=${plan.registroAns}`)).body).toBe(plan.nmPlano);
    }
  });
});

describe('OpenAPI', () => {
  it('publishes every contract call under the base path', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/wslinhafrente/v1/openapi.json' });
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/wslinhafrente/v1/portabilidade']?.post?.operationId).toBe('saveRequest');
    expect(document.paths['/wslinhafrente/v1/portabilidade']?.get?.operationId).toBe('tooltips');
    // The contract's calls, plus the file links, the receipt's link, plan images and this document (the loopback backoffice door is not public).
    expect(Object.values(document.paths).flatMap((path) => Object.keys(path))).toHaveLength(Object.keys(endpoints).length + 4);
    expect(Object.keys(document.paths).filter((path) => path.includes('backoffice'))).toEqual([]);
  });

  it("lists privacidade's 404, which an unknown plan gets", async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/wslinhafrente/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/wslinhafrente/v1/portabilidade/utils/privacidade']?.get?.responses ?? {})).toContain('404');
    expect((await server.get('portabilidade/utils/privacidade?cdEmpresaPlano=777')).statusCode).toBe(404);
  });

  it('documents every route the server answers, and the headers of the protocol: XSRF cookie and header, Idempotency-Key, Idempotent-Replayed', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/wslinhafrente/v1/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { headers?: Record<string, unknown> }> }
        >
      >;
    };
    // Fastify's own tree of routes, each segment under its parent, in OpenAPI's {param} spelling (HEAD twins aside).
    const routes: string[] = [];
    const stack: string[] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      const full = `${stack[depth - 1] ?? ''}${match[2] ?? ''}`;
      stack[depth] = full;
      for (const method of (match[3] ?? '').split(', ').filter((name) => name && name !== 'HEAD')) {
        routes.push(`${method.toLowerCase()} ${full.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(routes).toContain('post /wslinhafrente/v1/portabilidade/documento/assinatura');
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(endpoints).length + 3);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);

    const save = document.paths['/wslinhafrente/v1/portabilidade']?.post;
    expect(save?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'cookie:XSRF-TOKEN',
      'header:X-XSRF-TOKEN',
      'header:Idempotency-Key',
    ]);
    expect(Object.keys(save?.responses['200']?.headers ?? {})).toEqual(['Set-Cookie', 'Idempotent-Replayed']);
    expect(document.paths['/wslinhafrente/v1/arquivos/{name}']?.get?.responses['404']).toBeDefined();
  });
});
