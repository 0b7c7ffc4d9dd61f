// @vitest-environment jsdom
/**
 * A screen whose code cannot be downloaded: the page says so, offers to try again and, being
 * outside the layout, still names a person to reach (issue 26): the operator's channels and
 * the ANS.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../src/api/client';
import { ChunkErrorBoundary } from '../../src/app/chunk-error-boundary';
import { storage } from '../../src/storage';
import { OPERATOR_CONTACT as CONTACT } from '../views/support/operator-contact';

const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

afterEach(cleanup);

describe('the page shown when a screen cannot be downloaded', () => {
  it("says so, offers to try again and shows the operator's contact beside the ANS", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storage.set('cdEmpresaPlano', '11');
    configureApi({
      fetch: (async () =>
        new Response(JSON.stringify(CONTACT), { status: 200, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch,
    });
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Unreachable />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Não foi possível abrir esta página.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    const card = screen.getByTestId('operator-contact');
    expect(await within(card).findByRole('heading', { name: 'Fale com a operadora Vida Plena Saúde' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '0800 000 0001' }).getAttribute('href')).toBe('tel:08000000001');
    expect(within(card).getByRole('link', { name: '0800 701 9656' }).getAttribute('href')).toBe('tel:08007019656');
  });
});
