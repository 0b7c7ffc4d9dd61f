import { afterEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('react-hot-toast', () => {
  const toast = Object.assign((message: string) => void shown.push(message), {
    success: (message: string) => void shown.push(message),
    error: (message: string) => void shown.push(message),
  });
  return { toast };
});

const { notify } = await import('../../src/app/notify');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  shown.length = 0;
  vi.useRealTimers();
});

describe('notify: one toast per event', () => {
  it('shows one toast for requests that fail together as one event (an unknown plan’s branding loads)', async () => {
    notify.info('Plano 99 não encontrado.', 'branding:99');
    notify.info('Plano 99 não encontrado ou sem esta configuração.', 'branding:99');
    notify.info('Plano 99 não encontrado ou sem esta configuração.', 'branding:99');
    notify.error('Ocorreu um erro inesperado!', 'branding:99');
    await settle();
    expect(shown).toEqual(['Plano 99 não encontrado.']);
  });

  it('answers the same event again once its toast has had its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    notify.info('Plano 98 não encontrado.', 'branding:98');
    vi.setSystemTime(Date.now() + 5_001);
    notify.info('Plano 98 não encontrado.', 'branding:98');
    vi.useRealTimers();
    await settle();
    expect(shown).toEqual(['Plano 98 não encontrado.', 'Plano 98 não encontrado.']);
  });

  it('answers every call without an event, even with the same message (a repeated mistake is answered again)', async () => {
    notify.warning('Número de protocolo inválido ou não encontrado');
    notify.warning('Número de protocolo inválido ou não encontrado');
    await settle();
    expect(shown).toHaveLength(2);
  });
});
