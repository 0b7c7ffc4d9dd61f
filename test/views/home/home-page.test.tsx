// @vitest-environment jsdom
/**
 * The home view over the real home and branding machines, with a fake fetch behind the
 * real HTTP client: it renders the snapshot and sends the user's events.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { queryClient } from '../../../src/app/services';
import { HomePage } from '../../../src/views/home/home-page';

// The protocol step is a lazy chunk, transformed at its first import: at a load average of 10
// on 2 cores that took longer than testing-library's 1 s.
const LAZY_CHUNK = { timeout: 10_000 };

function fakeApi(url: string): Response {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  if (url.includes('utils/parametro'))
    return new Response(`/files/${new URL(url, 'http://x').searchParams.get('chave')}.svg`, { status: 200 });
  if (url.includes('recuperar-chave')) return new Response('Operadora Teste', { status: 200 });
  if (url.includes('portabilidade?solicitacao=9'))
    return json([{ nmCampo: 'nu_protocolo_ans', dsDescricao: 'Até 20 dígitos do Guia ANS.' }]);
  if (url.includes('acompanhamento'))
    return json({
      nuProtocolo: '1',
      nuProtocoloAnsHapvida: null,
      dtCadastramento: null,
      dsStatus: null,
      flStatus: 1,
      cdStatusPort: 1,
      flConcordo: null,
      cdSolicitacao: 1,
    });
  return new Response('', { status: 404 });
}

function renderHome(cdEmpresaPlano = '7') {
  const location = memoryLocation({ path: `/home/${cdEmpresaPlano}`, record: true });
  render(
    <Router hook={location.hook}>
      <HomePage cdEmpresaPlano={cdEmpresaPlano} />
    </Router>,
  );
  return location;
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  configureApi({ fetch: (async (url: string) => fakeApi(String(url))) as unknown as typeof fetch, getToken: () => null });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('home page', () => {
  it('shows the two mode buttons, the operator welcome, the logo and the version', async () => {
    renderHome();
    expect(screen.getByRole('button', { name: 'Realizar Solicitação' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acompanhar Solicitação' })).toBeTruthy();
    expect(screen.getByText('1.22P')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('welcome').textContent).toBe('Bem-vindo(a) ao portal de portabilidade da Operadora Teste'),
    );
    expect(screen.getByRole('img', { name: 'Logo Operadora Teste' }).getAttribute('src')).toBe('/files/82.svg');
    await waitFor(() => expect(document.querySelector('link#favicon')?.getAttribute('href')).toBe('/files/85.svg'));
    expect(localStorage.getItem('cdEmpresaPlano')).toBe('7');
  });

  it("new mode: digits only, 'Prosseguir' enabled once the 20 digits are typed, then nova-solicitacao with the session stored", async () => {
    const user = userEvent.setup();
    const location = renderHome();
    await user.click(screen.getByRole('button', { name: 'Realizar Solicitação' }));
    expect(screen.getByRole('heading', { name: 'Solicitar Portabilidade' })).toBeTruthy();
    // The protocol step is a lazy chunk: it appears once loaded.
    const field = await screen.findByRole('textbox', { name: 'Digite o protocolo ANS' }, LAZY_CHUNK);
    const next = screen.getByRole('button', { name: 'Prosseguir' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.type(field, '2024012345678901234');
    expect(next.disabled).toBe(true);
    await user.type(field, 'a5');
    expect((field as HTMLInputElement).value).toBe('20240123456789012345');
    expect(next.disabled).toBe(false);
    await user.click(next);
    expect(location.history).toContain('/nova-solicitacao');
    expect({ ...localStorage }).toMatchObject({ protocolo: '20240123456789012345', token: 'free', type: 'new', cdEmpresaPlano: '7' });
  });

  it('shows the field tooltip from the tooltip call', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Realizar Solicitação' }));
    const help = await screen.findByRole('button', { name: 'Ajuda: Digite o protocolo ANS' }, LAZY_CHUNK);
    await user.click(help);
    expect(screen.getByRole('tooltip').textContent).toBe('Até 20 dígitos do Guia ANS.');
    // Described by the tooltip, beside the line on where the Guia ANS gives the protocol.
    expect(screen.getByRole('textbox', { name: 'Digite o protocolo ANS' }).getAttribute('aria-describedby')?.split(' ')).toContain(
      screen.getByRole('tooltip').id,
    );
  });

  it("'Retornar' goes back to the two buttons", async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Acompanhar Solicitação' }));
    expect(screen.getByRole('heading', { name: 'Acompanhar Portabilidade' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Retornar' }, LAZY_CHUNK));
    expect(screen.getByRole('button', { name: 'Realizar Solicitação' })).toBeTruthy();
  });

  it('track mode: a request without login goes to acompanhamento with the free token', async () => {
    const user = userEvent.setup();
    const location = renderHome();
    await user.click(screen.getByRole('button', { name: 'Acompanhar Solicitação' }));
    await user.type(await screen.findByRole('textbox', { name: 'Digite o protocolo' }, LAZY_CHUNK), '555');
    await user.click(screen.getByRole('button', { name: 'Prosseguir' }));
    await waitFor(() => expect(location.history).toContain('/acompanhamento'));
    expect({ ...localStorage }).toMatchObject({ protocolo: '555', token: 'free' });
  });

  it('opens in track mode when the stored type says so, and forgets it', () => {
    localStorage.setItem('type', 'track');
    renderHome();
    expect(screen.getByRole('heading', { name: 'Acompanhar Portabilidade' })).toBeTruthy();
    expect(localStorage.getItem('type')).toBeNull();
  });
});
