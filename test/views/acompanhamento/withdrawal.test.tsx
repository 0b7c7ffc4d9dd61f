// @vitest-environment jsdom
/**
 * The withdrawal on the tracking screen (issue 25 item 7), with fake server answers: the
 * confirmation says what it means, 'Voltar' sends nothing, nothing says "withdrawn" before
 * the server answered, and the reloaded request shows "cancelada a seu pedido".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AttachedDocumentInfo, DocumentToSignInfo, HistoryInfo, TrackingInfo } from '../../../machines/tracking.machine';
import { createTrackingLogic } from '../../../src/flows/tracking/tracking-logic';
import { renderTrackingScreen } from '../support/render-tracking';

vi.mock('../../../src/flows/branding/use-branding', async (original) => ({
  ...(await original<typeof import('../../../src/flows/branding/use-branding')>()),
  useBranding: () => ({ logoUrl: '', faviconUrl: '', sealUrl: '', operatorName: '' }),
}));

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const underAnalysis: TrackingInfo = {
  nuProtocolo: '20250001000123',
  nuProtocoloAnsHapvida: '98765432109876543210',
  dtCadastramento: '02/01/2025',
  dsStatus: 'Em análise',
  flStatus: 1,
  cdStatusPort: 2,
  flConcordo: null,
  cdSolicitacao: 77,
};
const history: HistoryInfo = { dtCadastramento: '02/01/2025', prazoRespostaDias: 10, dtLimiteResposta: '12/01/2025', eventos: [] };
const withdrawn: TrackingInfo = { ...underAnalysis, flStatus: 5, dsStatus: 'Cancelada a seu pedido', dtDesistencia: '03/01/2025 09:30' };

it('asks first, sends nothing on Voltar, says nothing before the answer, then shows the request cancelled at the holder’s request', async () => {
  let answer!: (value: string) => void;
  const withdrawRequest = vi.fn((_input: unknown) => new Promise<string>((resolve) => (answer = resolve)));
  let current = underAnalysis;
  const logic = createTrackingLogic({ navigate: vi.fn() }).provide({
    actors: {
      loadTrackingData: fromPromise(async () => current),
      loadAttachedDocuments: fromPromise(async (): Promise<AttachedDocumentInfo[]> => []),
      loadDocumentsToSign: fromPromise(async (): Promise<DocumentToSignInfo[]> => []),
      loadHistory: fromPromise(async (): Promise<HistoryInfo> => history),
      withdrawRequest: fromPromise(async ({ input }) => withdrawRequest(input)),
    },
  });
  const { actor } = renderTrackingScreen(logic, { protocolo: underAnalysis.nuProtocolo, cdEmpresaPlano: '1' });

  const button = await screen.findByRole('button', { name: 'Desistir da solicitação' });
  await userEvent.click(button);
  const dialog = screen.getByTestId('withdraw-confirmation');
  expect(dialog.textContent).toContain('cancelada a seu pedido');
  expect(dialog.textContent).toContain('não pode ser desfeita pelo portal');
  expect(dialog.textContent).toContain('nova solicitação');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
  expect(withdrawRequest).not.toHaveBeenCalled();
  expect(actor.getSnapshot().matches({ ready: 'analysis' })).toBe(true);

  await userEvent.click(screen.getByRole('button', { name: 'Desistir da solicitação' }));
  await userEvent.click(within(screen.getByTestId('withdraw-confirmation')).getByRole('button', { name: 'Sim, desistir' }));
  expect(withdrawRequest).toHaveBeenCalledWith({ protocolo: underAnalysis.nuProtocolo });
  // On its way: the panel still says "em análise", nothing says withdrawn.
  expect(screen.getByRole('heading', { level: 2, name: 'Sua solicitação está em análise' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: /cancelada a seu pedido/ })).toBeNull();
  expect(screen.queryByTestId('withdrawn-note')).toBeNull();
  expect(screen.queryByText('Sua solicitação foi cancelada a seu pedido.')).toBeNull();

  current = withdrawn;
  answer('OK');
  expect(await screen.findByRole('heading', { level: 2, name: 'Sua solicitação foi cancelada a seu pedido' })).toBeTruthy();
  expect(screen.getByTestId('withdrawn-note').textContent).toContain('Você desistiu desta solicitação em 03/01/2025 09:30.');
  expect(screen.queryByRole('button', { name: 'Desistir da solicitação' })).toBeNull();
  await waitFor(() => expect(screen.queryByText('A operadora não informou o motivo.')).toBeNull());
});
