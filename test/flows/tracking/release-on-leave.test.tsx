// @vitest-environment jsdom
/**
 * Status 2 keeps a chosen file's bytes in this tab's memory only, and a shared phone keeps
 * nothing of a request once its screen is left: leaving the route (the back button unmounts
 * the screen and stops the machine, without its exit actions) lets the bytes go too.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AttachedDocumentInfo, DocumentToSignInfo, TrackingInfo } from '../../../machines/tracking.machine';
import { PENDING_TEXT } from '../../../machines/tracking.pending';
import { createTrackingLogic } from '../../../src/flows/tracking/tracking-logic';
import { fileRegistry } from '../../../src/flows/wizard/file-registry';
import { HISTORY, OPERATOR_NAME, PENDING_BYTES, TRACKINGS } from '../../machines/tracking.fixtures';
import { renderTrackingScreen } from '../../views/support/render-tracking';

vi.mock('../../../src/flows/contact/use-operator-contact', () => ({ useOperatorContact: () => undefined }));
vi.mock('../../../src/flows/branding/use-branding', async (original) => ({
  ...(await original<typeof import('../../../src/flows/branding/use-branding')>()),
  useBranding: () => ({ logoUrl: '', faviconUrl: '', sealUrl: '', operatorName: '' }),
}));
afterEach(() => cleanup());

it('a file chosen for a pending document and not sent leaves the tab with the screen', async () => {
  const tracking: TrackingInfo = TRACKINGS.pendingDocuments;
  const logic = createTrackingLogic({ navigate: vi.fn() }).provide({
    actors: {
      loadTrackingData: fromPromise(async () => tracking),
      loadAttachedDocuments: fromPromise(async (): Promise<AttachedDocumentInfo[]> => []),
      loadDocumentsToSign: fromPromise(async (): Promise<DocumentToSignInfo[]> => []),
      loadHistory: fromPromise(async () => HISTORY),
      loadOperatorName: fromPromise(async () => OPERATOR_NAME),
    },
  });
  const { actor, unmount } = renderTrackingScreen(logic, { protocolo: tracking.nuProtocolo, cdEmpresaPlano: '1' });
  const nmDocumento = tracking.documentosPendentes![0]!.nmDocumento;
  const input = await screen.findByLabelText(PENDING_TEXT.fileLabel(nmDocumento));
  await userEvent.upload(input, new File([PENDING_BYTES.pdf], 'comprovante.pdf', { type: 'application/pdf' }));
  await waitFor(() => expect(actor.getSnapshot().context.pendingFile?.fileName).toBe('comprovante.pdf'));
  const id = actor.getSnapshot().context.pendingFile!.id;
  expect(fileRegistry.get(id)?.name).toBe('comprovante.pdf');

  unmount();
  expect(fileRegistry.get(id)).toBeUndefined();
});
