/**
 * A reload while a photo is being prepared (issue 27): the draft names the photo, so its chosen
 * bytes are read back and kept (not pruned) and the preparation starts again; when they are
 * gone after all, the alert says the preparation was interrupted, not that the photo is bad.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PREPARATION_MESSAGES, preparationAlert } from '../../machines/attachments';
import { wizardMachine } from '../../machines/wizard.machine';
import type { ChosenFile, PreparedFile } from '../../machines/wizard.types';
import { attachmentIdsOf } from '../../src/app/draft-files';
import { FILLED_FORM, PHOTO_BYTES, TODAY } from './wizard.fixtures';

const PHOTO: ChosenFile = { id: 'f-photo', name: 'IMG_9.jpg', size: PHOTO_BYTES, mimeType: 'image/jpeg' };

function preparingDraft(): unknown {
  const never = fromPromise<PreparedFile, { file: ChosenFile }>(() => new Promise(() => undefined));
  const machine = wizardMachine.provide({
    actors: { prepareFile: never, documentTypes: fromPromise(async () => [{ cdTipoDocumento: 1, nmDocumento: 'RG' }]) },
  });
  const actor = createActor(machine, { input: { protocoloAns: '1', today: TODAY, form: FILLED_FORM } }).start();
  for (let i = 0; i < 4; i += 1) actor.send({ type: 'NEXT' });
  actor.send({ type: 'DOCUMENT_TYPE_CHOSEN', cdTipoDocumento: '1' });
  actor.send({ type: 'FILE_CHOSEN', file: { id: 'f-pdf', name: 'rg.pdf', size: 2048, mimeType: 'application/pdf' } });
  actor.send({ type: 'FILE_CHOSEN', file: PHOTO });
  expect(actor.getSnapshot().context.preparing).toEqual(PHOTO);
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as unknown;
  actor.stop();
  return persisted;
}

describe('a photo being prepared when the page reloads', () => {
  it("is among the files its draft needs: read back from the device's store, and not pruned", () => {
    expect(attachmentIdsOf(preparingDraft())).toEqual(['f-pdf', 'f-photo']);
  });

  it('whose bytes are gone is said to be interrupted, naming it; the photo is not blamed', () => {
    const interrupted = { reason: 'interrupted' };
    expect(preparationAlert(interrupted, PHOTO)).toBe('A preparação de IMG_9.jpg foi interrompida. Anexe a foto de novo.');
    expect(preparationAlert(interrupted, null)).toBe('A preparação da foto foi interrompida. Anexe a foto de novo.');
    expect(preparationAlert({ reason: 'unreadable' }, PHOTO)).toBe(PREPARATION_MESSAGES.unreadable);
    expect(preparationAlert(new Error('?'), { name: 'iphone.heic', mimeType: 'image/heic' })).toBe(PREPARATION_MESSAGES.heic);
  });
});
