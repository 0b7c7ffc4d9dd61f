import { describe, expect, it } from 'vitest';
import {
  isAwaitingDocuments,
  isPendingType,
  pendingAttachment,
  pendingClockText,
  pendingDocumentsOf,
  pendingFileRejection,
  pendingUploadKey,
} from '../../machines/tracking.pending';
import { PENDING, PENDING_FILES, TRACKINGS } from './tracking.fixtures';

const history = { dtCadastramento: '02/01/2025', prazoRespostaDias: 10, dtLimiteResposta: '12/01/2025' };
/** Noon in Brasília (15:00 UTC) of a calendar day. */
const brasiliaNoon = (isoDay: string) => new Date(`${isoDay}T15:00:00Z`);

describe('status 2: the pending documents', () => {
  it('belongs to status 2 and lists what the server sent, nothing when it sent no list', () => {
    expect(isAwaitingDocuments(TRACKINGS.pendingDocuments)).toBe(true);
    expect(isAwaitingDocuments(TRACKINGS.analysis)).toBe(false);
    expect(pendingDocumentsOf(TRACKINGS.pendingDocuments)).toEqual(PENDING);
    expect(pendingDocumentsOf({ ...TRACKINGS.pendingDocuments, documentosPendentes: undefined })).toEqual([]);
    expect(isPendingType(TRACKINGS.pendingDocumentsOne, PENDING[1].cdTipoDocumento)).toBe(true);
    expect(isPendingType(TRACKINGS.pendingDocumentsOne, PENDING[0].cdTipoDocumento)).toBe(false);
  });

  it("refuses the files the wizard refuses, with SPEC §5's words", () => {
    expect(pendingFileRejection(PENDING_FILES.pdf)).toBeNull();
    expect(pendingFileRejection({ name: 'FOTO.JPEG', size: 1, mimeType: '' })).toBeNull();
    expect(pendingFileRejection(PENDING_FILES.empty)).toBe('O arquivo está vazio. Por favor, selecione um arquivo válido.');
    expect(pendingFileRejection({ name: 'grande.pdf', size: 10_485_761, mimeType: '' })).toBe(
      'O arquivo excede o tamanho máximo permitido de 10MB.',
    );
    expect(pendingFileRejection({ name: 'limite.pdf', size: 10_485_760, mimeType: '' })).toBeNull();
    expect(pendingFileRejection({ name: 'nota.txt', size: 5, mimeType: '' })).toMatch(/^Tipo de arquivo não permitido/);
  });

  it("describes the chosen file as the wizard's upload takes it: the pending type's code and name, one key per file", () => {
    const attachment = pendingAttachment(TRACKINGS.pendingDocuments, 3, PENDING_FILES.pdf);
    expect(attachment).toMatchObject({
      id: PENDING_FILES.pdf.id,
      cdTipoDocumento: 3,
      nmDocumento: PENDING[0].nmDocumento,
      fileName: PENDING_FILES.pdf.name,
      extension: 'pdf',
      uploaded: false,
    });
    expect(pendingUploadKey(attachment)).toBe(`pendente:${PENDING_FILES.pdf.id}`);
  });

  it("says the operator's clock: the days left, and once it is over, where to turn", () => {
    expect(pendingClockText(history, brasiliaNoon('2025-01-09'))).toBe(
      'A operadora tem 10 dias para responder: restam 3 dias (até 12/01/2025). Envie os documentos o quanto antes: sem eles, a análise não pode ser concluída.',
    );
    expect(pendingClockText(history, brasiliaNoon('2025-01-13'))).toBe(
      'O prazo de 10 dias da operadora para responder terminou em 12/01/2025. Se ainda não recebeu resposta, fale com a operadora ou reclame na ANS (Disque ANS 0800 701 9656).',
    );
    expect(pendingClockText(null, brasiliaNoon('2025-01-09'))).toBeNull();
    // Everything asked for received: the clock alone, no push to send (found by a regression walk).
    expect(pendingClockText(history, brasiliaNoon('2025-01-09'), false)).toBe(
      'A operadora tem 10 dias para responder: restam 3 dias (até 12/01/2025).',
    );
  });
});
