/** The wizard's modals: HR contact (collective contract), attachment preview and the protocol. */
import { shallowEqual } from '@xstate/react';
import { useState } from 'react';
import { fileRegistry } from '../../flows/wizard/file-registry';
import { Button } from '../../ui/button';
import { announce } from '../../ui/announcer';
import { Modal } from '../../ui/modal';
import { copyDigitsOnly, groupInFours } from '../../ui/protocol-groups';
import { ReceiptDownload } from '../receipt/receipt-download';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

export function HrModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { planoDestino: 'hrModal' } }));
  return (
    <Modal
      open={open}
      title="Prezado Cliente"
      testId="hr-modal"
      actions={<Button onClick={() => actor.send({ type: 'HR_MODAL_CONFIRMED' })}>OK</Button>}
    >
      <p>
        Considerando que a portabilidade é para um contrato coletivo empresarial ou por adesão, entre em contato com o RH da sua empresa.
      </p>
    </Modal>
  );
}

/** The file to preview, at the one object URL the registry keeps for it. */
function previewOf(id: string | null): { url: string; type: string; name: string } | null {
  const file = id ? fileRegistry.get(id) : undefined;
  const url = id ? fileRegistry.objectUrl(id) : undefined;
  return file && url ? { url, type: file.type, name: file.name } : null;
}

export function PreviewModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { documentos: 'previewing' } }));
  const previewId = useWizard((s) => s.context.previewId);
  const attachment = useWizard((s) => s.context.attachments.find((a) => a.id === s.context.previewId) ?? null, shallowEqual);
  const preview = previewOf(open ? previewId : null);
  const close = () => actor.send({ type: 'PREVIEW_CLOSED' });
  const isPdf = preview?.type === 'application/pdf' || attachment?.extension === 'pdf';
  return (
    <Modal
      open={open}
      title={attachment ? `Visualizar ${attachment.fileName}` : 'Visualizar documento'}
      testId="preview-modal"
      onDismiss={close}
      actions={
        <>
          {preview && (
            <a
              href={preview.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center px-2 text-brand-700 underline"
            >
              Abrir em nova aba
            </a>
          )}
          <Button onClick={close}>Fechar visualização</Button>
        </>
      }
    >
      {!preview ? (
        <p>O arquivo não está disponível para visualização.</p>
      ) : isPdf ? (
        <iframe
          src={preview.url}
          title={`Pré-visualização de ${preview.name}`}
          className="h-[60vh] w-full rounded border border-slate-300"
        />
      ) : (
        <img src={preview.url} alt={`Pré-visualização de ${preview.name}`} className="max-h-[60vh] w-full object-contain" />
      )}
    </Modal>
  );
}

const COPY_OUTCOME = {
  copied: 'Protocolo copiado.',
  failed: 'Não foi possível copiar. Selecione o número e copie-o.',
} as const;

/**
 * Copies text to the clipboard and says how it went (the browser may refuse): shown beside the
 * number, and said each time (a second 'Copiar' changes nothing on screen, so a status region
 * alone was silent; found by a keyboard-only run).
 */
function useCopy(): ['idle' | keyof typeof COPY_OUTCOME, (text: string) => Promise<void>] {
  const [outcome, setOutcome] = useState<'idle' | keyof typeof COPY_OUTCOME>('idle');
  const copy = async (text: string) => {
    let result: keyof typeof COPY_OUTCOME = 'copied';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      result = 'failed';
    }
    setOutcome(result);
    announce(COPY_OUTCOME[result]);
  };
  return [outcome, copy];
}

export function ProtocolModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches('protocolModal'));
  const protocolo = useWizard((s) => s.context.saved?.nuProtocolo ?? '');
  const byEmail = useWizard((s) => s.context.form.fl_aceita_email);
  // The save's own token: the receipt is this request's, whatever the storage holds.
  const token = useWizard((s) => s.context.saved?.token);
  const [copied, copy] = useCopy();
  return (
    <Modal
      open={open}
      title="O número do protocolo da sua solicitação é"
      testId="protocol-modal"
      actions={
        <>
          <Button variant="secondary" onClick={() => void copy(protocolo)}>
            Copiar
          </Button>
          {/* A place to wrap after the '/': whole, 'Imprimir/Salvar' is wider than a phone's
              modal at 200 % text, and the button ran off the screen's left edge. */}
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir/
            <wbr />
            Salvar PDF
          </Button>
          <Button onClick={() => actor.send({ type: 'PROTOCOL_MODAL_CONFIRMED' })}>OK</Button>
        </>
      }
    >
      <p
        className="select-all break-all text-center text-xl font-bold text-brand-700 desktop:text-2xl desktop:tracking-wide"
        data-testid="protocolo-gerado"
        // Read in groups of four; copying keeps the digits only.
        onCopy={copyDigitsOnly}
      >
        {groupInFours(protocolo)}
      </p>
      {byEmail && <p>Este número também foi enviado para o seu e-mail.</p>}
      <p>
        Guarde este número para acompanhar a sua solicitação. Se o acompanhamento pedir login, a senha são os 6 últimos dígitos do
        protocolo.
      </p>
      {token && <ReceiptDownload protocolo={protocolo} token={token} className="print-hidden" />}
      {copied !== 'idle' && <p className={copied === 'copied' ? 'text-green-800' : 'text-red-800'}>{COPY_OUTCOME[copied]}</p>}
    </Modal>
  );
}

/** Issue 27 item 3: leaving with data typed asks first, and says what stays kept. */
export function LeaveModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches('leaveConfirm'));
  const kept = useWizard((s) => s.context.keepOnDevice);
  const cancel = () => actor.send({ type: 'LEAVE_CANCELLED' });
  return (
    <Modal
      open={open}
      title="Sair da solicitação?"
      testId="leave-modal"
      onDismiss={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'LEAVE_DISCARDED' })}>
            Sair e apagar os dados
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'LEAVE_CONFIRMED' })}>
            Sair
          </Button>
          <Button onClick={cancel}>Continuar preenchendo</Button>
        </>
      }
    >
      <p>
        A solicitação ainda não foi enviada. Os dados digitados e os arquivos anexados ficam guardados{' '}
        {kept ? 'neste aparelho, para continuar depois.' : 'nesta aba enquanto ela estiver aberta, por até 30 minutos sem uso.'}
      </p>
      <p>Em aparelho compartilhado, use 'Sair e apagar os dados': nada desta solicitação fica neste navegador.</p>
    </Modal>
  );
}
