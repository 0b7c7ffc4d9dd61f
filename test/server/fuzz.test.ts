/**
 * Property-based fuzzing from the published OpenAPI (issue 11): random valid and invalid
 * requests to every operation (test/server/support/openapi-requests.ts), with a fixed seed.
 * Whatever comes in, the answer is below 500, carries no stack trace nor file path, and the
 * server keeps answering. `npm test` sends a few hundred; `npm run fuzz` sends 5,000 or more
 * (FUZZ_RUNS) and prints the count of answers per status.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/services/tokens.ts';
import { API, CSRF, DEMO, FILES, SECRET, startServer, validRequest, type TestServer } from './helpers.ts';
import { operationsOf, requestsFor, type FuzzRequest } from './support/openapi-requests.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

/** What a stack trace or an internal detail looks like in an answer. */
const LEAK = /\n\s+at |node_modules|\/server\/|\.ts:\d+|Error: |TypeError|RangeError|SyntaxError|stack/;

describe('fuzzing every operation of the OpenAPI', () => {
  it(
    `answers ${RUNS} random requests below 500, without a stack trace, and keeps serving`,
    async () => {
      const openApi = (await server.get('openapi.json')).json() as Record<string, unknown>;
      const operations = operationsOf(openApi);
      expect(operations.length).toBeGreaterThanOrEqual(17);
      const saved = (await server.post('portabilidade', validRequest())).json() as {
        nuProtocolo: string;
        cdSolicitacao: number;
        token: string;
      };
      const protocols = [...Object.values(DEMO).map((demo) => demo.protocolo), saved.nuProtocolo];
      const known = {
        strings: [
          ...protocols,
          DEMO.loginRequired.cpf,
          DEMO.loginRequired.senha,
          validRequest().cpf,
          '1',
          '2',
          '3',
          '9',
          '65',
          '82',
          '84',
          '85',
          '481234561',
          '01/02/1980',
          '01310100',
          'SP',
          FILES.pdf,
          `data:application/pdf;base64,${FILES.pdf}`,
          FILES.png,
          'pdf',
          'png',
          'rg.pdf',
        ],
        integers: [1, 2, 3, 4, 5, 6, 7, saved.cdSolicitacao],
      };
      const credentials = {
        csrf: CSRF,
        tokens: [saved.token, ...protocols.map((protocolo) => issueToken(protocolo, server.clock.now, SECRET, 'login'))],
      };
      const anyRequest = fc.oneof(...operations.map((operation) => requestsFor(operation, known, credentials)));

      const statuses = new Map<number, number>();
      /** Per operation (`GET /path`), every status it answered: each must be in its OpenAPI responses. */
      const answered = new Map<string, Set<number>>();
      const send = (request: FuzzRequest) =>
        server.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
      await fc.assert(
        fc.asyncProperty(anyRequest, async (request) => {
          const response = await send(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          answered.set(request.label, (answered.get(request.label) ?? new Set()).add(response.statusCode));
          const where = `${request.label} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          expect(response.body, where).not.toMatch(LEAK);
          if (response.statusCode >= 400 && response.statusCode !== 405) {
            expect((response.json() as { message?: unknown }).message, where).toEqual(expect.any(String));
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: RUNS > 1_000 },
      );

      const summary = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      const failures = [...statuses.entries()].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
      console.log(`fuzz: ${RUNS} requests (seed ${SEED}), ${failures} answers ≥ 500 — ${summary}`);
      expect(failures).toBe(0);
      // The OpenAPI lists every status each call answered (a client generated from it knows them all).
      const paths = openApi.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
      const undeclared = [...answered.entries()].flatMap(([label, codes]) => {
        const [method = '', path = ''] = label.split(' ');
        const declared = Object.keys(paths[path]?.[method.toLowerCase()]?.responses ?? {});
        return [...codes].filter((code) => !declared.includes(String(code))).map((code) => `${label} → ${code}`);
      });
      expect(undeclared).toEqual([]);
      // Still serving: a lookup and the API description answer as before.
      expect((await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`)).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: `${API}openapi.json` })).statusCode).toBe(200);
    },
    30 * 60_000,
  );
});
