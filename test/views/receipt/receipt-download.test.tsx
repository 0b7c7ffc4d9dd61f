// @vitest-environment jsdom
/**
 * 'Baixar comprovante (PDF)' (issue 25): asks the server for the receipt's link with the token
 * it was given, downloads it in place, and refuses a link off the portal's origin.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { notify } from '../../../src/app/notify';
import { UNSAFE_LINK_MESSAGE } from '../../../src/app/open-link';
import { ReceiptDownload } from '../../../src/views/receipt/receipt-download';

const PROTOCOLO = '12345678901234567890';
let answer = '/wslinhafrente/v1/comprovante/selado';
const asked: Array<{ url: string; authorization: string | null }> = [];
const clicked: Array<{ href: string; download: string }> = [];

beforeEach(() => {
  asked.length = 0;
  clicked.length = 0;
  answer = '/wslinhafrente/v1/comprovante/selado';
  configureApi({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(answer, { status: 200, headers: { 'content-type': 'text/plain' } });
    }) as typeof fetch,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReceiptDownload', () => {
  it('asks for the receipt of its protocol with the token it was given, and downloads the link in place', async () => {
    render(<ReceiptDownload protocolo={PROTOCOLO} token="token-do-envio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Baixar comprovante (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(asked).toEqual([
      { url: `/wslinhafrente/v1/portabilidade/comprovante?protocolo=${PROTOCOLO}`, authorization: 'Bearer token-do-envio' },
    ]);
    expect(clicked[0]).toEqual({
      href: `${window.location.origin}/wslinhafrente/v1/comprovante/selado`,
      download: 'comprovante-portabilidade.pdf',
    });
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('refuses a link off the portal with the toast that says so, and downloads nothing', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = 'https://evil.example/comprovante.pdf';
    render(<ReceiptDownload protocolo={PROTOCOLO} token="token-do-envio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Baixar comprovante (PDF)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(UNSAFE_LINK_MESSAGE));
    expect(clicked).toHaveLength(0);
  });
});
