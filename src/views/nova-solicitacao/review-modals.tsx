/**
 * Before anything is sent (issue 14 item 5): the review of what step 5's 'Próximo' will send,
 * and, when no document is attached, a warning naming the documents the operator asks for.
 * Both only render the machine's context; their buttons are the machine's events.
 */
import { shallowEqual } from '@xstate/react';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../../machines/attachments';
import type { WizardForm } from '../../../machines/wizard.types';
import { Button } from '../../ui/button';
import { maskFormat } from '../../ui/mask-formats';
import { Modal } from '../../ui/modal';
import { useWizard, useWizardActorRef } from './wizard-context';

const cpf = (value: string) => maskFormat('cpf').display(value);
const mobile = (value: string) => maskFormat('mobile').display(value);
const cep = (value: string) => maskFormat('cep').display(value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="font-semibold text-brand-700">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 text-sm desktop:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="mb-1 break-words font-medium text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function addressOf(form: WizardForm): string {
  const street = [form.ds_endereco, form.nu_endereco, form.ds_complemento].filter(Boolean).join(', ');
  return `${street} — ${form.ds_bairro}, ${form.ds_cidade}/${form.ds_uf}, CEP ${cep(form.cd_cep)}`;
}

export function ReviewModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { documentos: 'reviewing' } }));
  const form = useWizard((s) => s.context.form, shallowEqual);
  const dependents = useWizard((s) => s.context.dependents, shallowEqual);
  const attachments = useWizard((s) => s.context.attachments, shallowEqual);
  const contractType = useWizard(
    (s) =>
      s.context.contractTypes.find((option) => option.value === s.context.form.tp_port_destino)?.label ?? s.context.form.tp_port_destino,
  );
  const back = () => actor.send({ type: 'REVIEW_CANCELLED' });
  return (
    <Modal
      open={open}
      title="Confira sua solicitação"
      testId="review-modal"
      onDismiss={back}
      actions={
        <>
          <Button variant="secondary" onClick={back}>
            Voltar e corrigir
          </Button>
          <Button onClick={() => actor.send({ type: 'SUBMIT_CONFIRMED' })}>Enviar solicitação</Button>
        </>
      }
    >
      {open && (
        <div className="space-y-4">
          <p>Confira os dados antes de enviar. Depois do envio, só os documentos ainda poderão ser anexados.</p>
          <Section title="Titular">
            <Facts
              rows={[
                ['Nome', form.nome],
                ['CPF', form.sem_cpf ? 'Não possui CPF' : cpf(form.cpf)],
                ['Data de nascimento', form.dt_nascimento],
                ['Celular', mobile(form.celular)],
                ['Email', form.email],
                ['Endereço', addressOf(form)],
              ]}
            />
          </Section>
          <Section title="Plano de origem">
            <Facts
              rows={[
                ['Operadora', `${form.ops_origem} (registro ANS ${form.nu_ans_ops_origem})`],
                ['Plano', `${form.plano_origem} (registro ANS ${form.nu_ans_plano_origem})`],
                ['Abrangência', form.area_plano],
                ['Data de início', form.dt_inicio],
                ['Titularidade', form.tp_contrato_origem],
              ]}
            />
          </Section>
          <Section title="Plano de destino">
            <Facts
              rows={[
                ['Plano', `${form.plano_destino} (registro ANS ${form.nu_ans_plano_destino})`],
                ['Titularidade', form.tp_contrato_destino],
                ['Tipo de contratação', contractType],
              ]}
            />
          </Section>
          <Section title="Dependentes">
            {dependents.length === 0 ? (
              <p className="text-sm">Nenhum dependente.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {dependents.map((dependent) => (
                  <li key={dependent.id}>
                    {dependent.nome}, nascido(a) em {dependent.dt_nasc}
                    {dependent.cpf ? `, CPF ${cpf(dependent.cpf)}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Documentos">
            {attachments.length === 0 ? (
              <p className="text-sm">Nenhum documento anexado.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {attachments.map((attachment) => (
                  <li key={attachment.id} className="break-words">
                    {attachment.nmDocumento}: {attachment.fileName} ({formatFileSize(attachment.size)})
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      )}
    </Modal>
  );
}

export function NoDocumentsModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { documentos: 'noDocumentsWarning' } }));
  const documentTypes = useWizard((s) => s.context.documentTypes.map((type) => type.nmDocumento), shallowEqual);
  const back = () => actor.send({ type: 'NO_DOCUMENTS_CANCELLED' });
  return (
    <Modal
      open={open}
      title="Nenhum documento anexado"
      testId="no-documents-modal"
      onDismiss={back}
      actions={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'DOCUMENTS_SKIPPED' })}>
            Continuar sem documentos
          </Button>
          <Button onClick={back}>Anexar documentos</Button>
        </>
      }
    >
      <p>Para analisar a portabilidade (Resolução Normativa ANS nº 438), a operadora costuma pedir estes documentos:</p>
      {documentTypes.length > 0 ? (
        <ul className="list-disc pl-5">
          {documentTypes.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : (
        <p>Documento de identidade, CPF, comprovante de residência e comprovantes de pagamento do plano atual.</p>
      )}
      <p>Sem eles, a operadora pode pedir os documentos depois, e a análise pode demorar mais.</p>
    </Modal>
  );
}
