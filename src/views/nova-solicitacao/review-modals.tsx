/**
 * Before anything is sent (issue 14 item 5): the review of what step 5's 'Próximo' will send,
 * and, when no document is attached, a warning naming the documents the operator asks for.
 * Both only render the machine's context; their buttons are the machine's events.
 */
import { shallowEqual } from '@xstate/react';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../../machines/attachments';
import type { StepId, WizardForm } from '../../../machines/wizard.types';
import { Button } from '../../ui/button';
import { maskFormat } from '../../ui/mask-formats';
import { Modal } from '../../ui/modal';
import { groupInFours } from '../../ui/protocol-groups';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

const cpf = (value: string) => maskFormat('cpf').display(value);
const mobile = (value: string) => maskFormat('mobile').display(value);
const cep = (value: string) => maskFormat('cep').display(value);

/** A section of the review, with 'Alterar' opening its step (issue 27 item 7); its name says which section. */
function Section({ title, step, children }: { title: string; step: StepId; children: ReactNode }) {
  const actor = useWizardActorRef();
  return (
    <section className="space-y-1" aria-labelledby={`revisao-${step}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`revisao-${step}`} className="font-semibold text-brand-700">
          {title}
        </h3>
        <Button variant="link" onClick={() => actor.send({ type: 'REVIEW_EDIT_REQUESTED', step })}>
          Alterar<span className="sr-only"> {title}</span>
        </Button>
      </div>
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

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** Every field of step 1, as typed (issue 27 item 7: the mother's name and the reply choices too). */
function holderRows(form: WizardForm): Array<readonly [string, string]> {
  return [
    ['Nome', form.nome],
    ['Nome da mãe', form.nm_mae],
    ['CPF', form.sem_cpf ? 'Não possui CPF' : cpf(form.cpf)],
    ['Data de nascimento', form.dt_nascimento],
    ['Celular', mobile(form.celular)],
    ['Email', form.email],
    ['Respostas por e-mail', yesNo(form.fl_aceita_email)],
    ['Avisos por SMS no celular', yesNo(form.fl_aceita_sms)],
    ['CEP', cep(form.cd_cep)],
    ['Endereço', form.ds_endereco],
    ['Número', form.nu_endereco],
    ['Complemento', form.ds_complemento],
    ['Bairro', form.ds_bairro],
    ['Cidade', form.ds_cidade],
    ['UF', form.ds_uf],
  ];
}

export function ReviewModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { documentos: 'reviewing' } }));
  const form = useWizard((s) => s.context.form, shallowEqual);
  const protocoloAns = useWizard((s) => s.context.protocoloAns);
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
      bodyDescribes={false}
      onDismiss={back}
      actions={
        <>
          <Button variant="secondary" onClick={back}>
            Voltar e corrigir
          </Button>
          <Button onClick={() => actor.send({ type: 'SUBMIT_CONFIRMED', idempotencyKey: crypto.randomUUID() })}>Enviar solicitação</Button>
        </>
      }
    >
      {open && (
        <div className="space-y-4">
          <p>
            Confira os dados antes de enviar. Para corrigir uma parte, use 'Alterar': depois de 'Próximo' você volta a esta conferência.
            Depois do envio, só os documentos ainda poderão ser anexados.
          </p>
          <Facts rows={[['Protocolo ANS', groupInFours(protocoloAns)]]} />
          <Section title="Titular" step="dadosPessoais">
            <Facts rows={holderRows(form)} />
          </Section>
          <Section title="Plano de origem" step="planoOrigem">
            <Facts
              rows={[
                ['Operadora', form.ops_origem],
                ['Registro ANS da operadora', form.nu_ans_ops_origem],
                ['Plano', form.plano_origem],
                ['Registro ANS do plano', form.nu_ans_plano_origem],
                ['Abrangência', form.area_plano],
                ['Data de início', form.dt_inicio],
                ['Titularidade', form.tp_contrato_origem],
              ]}
            />
          </Section>
          <Section title="Plano de destino" step="planoDestino">
            <Facts
              rows={[
                ['Registro ANS do plano', form.nu_ans_plano_destino],
                ['Plano', form.plano_destino],
                ['Titularidade', form.tp_contrato_destino],
                ['Tipo de contratação', contractType],
              ]}
            />
          </Section>
          <Section title="Dependentes" step="dependentes">
            {dependents.length === 0 ? (
              <p className="text-sm">Nenhum dependente.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {dependents.map((dependent) => (
                  <li key={dependent.id} className="break-words">
                    {dependent.nome} ({dependent.ds_parentesco || 'parentesco não informado'}), nascido(a) em {dependent.dt_nasc}, mãe{' '}
                    {dependent.nm_mae}
                    {dependent.cpf ? `, CPF ${cpf(dependent.cpf)}` : ', sem CPF'}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Documentos" step="documentos">
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

/**
 * Issue 27 item 6: the server holds an open request for this CPF and ANS protocol. It is not
 * named (knowing a CPF and an ANS protocol is no proof of access): the holder tracks it with
 * the protocol they received, or goes back with everything kept.
 */
export function DuplicateModal() {
  const actor = useWizardActorRef();
  const open = useWizard((s) => s.matches({ editing: { documentos: 'duplicateWarning' } }));
  const back = () => actor.send({ type: 'DUPLICATE_BACK' });
  return (
    <Modal
      open={open}
      title="Você já tem uma solicitação em andamento"
      testId="duplicate-modal"
      onDismiss={back}
      actions={
        <>
          <Button variant="secondary" onClick={back}>
            Voltar
          </Button>
          <Button onClick={() => actor.send({ type: 'DUPLICATE_TRACK' })}>Acompanhar minha solicitação</Button>
        </>
      }
    >
      <p>
        Já existe uma solicitação de portabilidade em andamento para este CPF e este protocolo ANS. Uma nova solicitação não foi enviada.
      </p>
      <p>
        Para acompanhar a que está em andamento, use o número de protocolo que você recebeu por e-mail (a senha, quando pedida, são os 6
        últimos dígitos dele). Se os dados digitados estiverem errados, clique em 'Voltar': nada do que você preencheu foi perdido.
      </p>
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
