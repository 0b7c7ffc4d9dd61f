/**
 * The one line a failed start prints, for the failures the operating system reports
 * (the start itself, on real files and ports, is tested in data-dir.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { StartFailure, startFailureLine } from '../../server/start-failure.ts';

const context = { dataDir: '/srv/portabilidade', port: 8080, host: '0.0.0.0' };
const systemError = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error(`${code}: boom`), { code, ...extra });

describe('the line of a failed start', () => {
  it.each([
    [systemError('EADDRINUSE', { syscall: 'listen' }), 'A porta 8080 (0.0.0.0) já está em uso por outro programa'],
    [systemError('EACCES', { syscall: 'listen' }), 'Sem permissão para usar a porta 8080 (0.0.0.0)'],
    [systemError('ENOSPC', { syscall: 'write' }), 'Disco cheio em /srv/portabilidade:'],
    [systemError('EDQUOT', { syscall: 'write' }), 'Disco cheio em /srv/portabilidade:'],
    [
      systemError('EACCES', { syscall: 'open', path: '/srv/portabilidade/token-secret' }),
      'Sem permissão para /srv/portabilidade/token-secret:',
    ],
    [new StartFailure('Banco de dados danificado em /x: y.'), 'Banco de dados danificado em /x: y.'],
    [new Error('PORT inválida: abc\n    at readConfig'), 'O servidor não iniciou: PORT inválida: abc'],
  ])('says what happened in one pt-BR line (%s)', (error, start) => {
    const line = startFailureLine(error, context);
    expect(line.startsWith(start)).toBe(true);
    expect(line).not.toContain('\n');
  });
});
