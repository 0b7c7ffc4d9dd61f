/**
 * Issue 26, "a person to reach": each operator's contact (phone, WhatsApp, hours, Ouvidoria,
 * e-mail) is seeded, served to the portal, set by the back-office, and written into messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../server/backoffice-cli.ts';
import { messageOf, startServer, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => server?.close());

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (text) => (out += text), err: (text) => (err += text) };
  const code = await runCliOn(server, args, io);
  return { code, out, err };
}

describe('the operator contact', () => {
  it('is served per plan with the seeded demo values', async () => {
    const response = await server.get('portabilidade/utils/contato?cdEmpresaPlano=2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      operadora: 'Horizonte Saúde',
      telefone: '0800 000 0002',
      whatsapp: '(85) 99999-0002',
      horario: 'Segunda a sexta, das 8h às 20h; sábado, das 8h às 14h',
      ouvidoria: '0800 000 0102',
      email: 'atendimento@operadora-2.example',
    });
  });

  it('answers 404 for an unknown plan and 400 for a plan code that is not digits', async () => {
    const unknown = await server.get('portabilidade/utils/contato?cdEmpresaPlano=999');
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Plano 999 não encontrado.');
    expect((await server.get('portabilidade/utils/contato?cdEmpresaPlano=abc')).statusCode).toBe(400);
  });

  it('is changed by `backoffice contato`, and the portal is served the new one; "" clears a channel', async () => {
    const changed = await cli(['contato', '1', '--telefone', '0800 123 4567', '--whatsapp', '', '--horario', 'Todos os dias, 24 horas']);
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toContain('telefone   0800 123 4567');
    expect(changed.out).toContain('whatsapp   (nenhum)');
    const served = (await server.get('portabilidade/utils/contato?cdEmpresaPlano=1')).json() as Record<string, string>;
    expect(served).toMatchObject({
      telefone: '0800 123 4567',
      whatsapp: '',
      horario: 'Todos os dias, 24 horas',
      ouvidoria: '0800 000 0101',
    });
    const shown = await cli(['contato', '1']);
    expect(shown.out).toContain('horário    Todos os dias, 24 horas');
  });

  it('refuses a phone that is not one, an e-mail that is not plain, control characters, and an unknown plan', async () => {
    expect((await cli(['contato', '1', '--telefone', 'ligue já'])).err).toContain('--telefone deve ser um telefone');
    expect((await cli(['contato', '1', '--email', 'Central <a@b.com>'])).err).toContain('--email deve ser um endereço simples');
    expect((await cli(['contato', '1', '--horario', 'das 8h\u001b[2J'])).err).toContain('sem caracteres de controle');
    expect((await cli(['contato', '1', '--horario', 'x'.repeat(201)])).code).toBe(2);
    const unknown = await cli(['contato', '77', '--telefone', '0800 123 4567']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Plano 77 não encontrado.');
    expect((await cli(['contato', 'um'])).code).toBe(2);
  });
});
