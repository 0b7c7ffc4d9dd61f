/**
 * "Esqueci meu protocolo" under home's track mode (issue 26): a link that opens CPF and date
 * of birth; the answer is the server's, the same whether or not a request exists, and the
 * protocol never shows here — it goes to the e-mail and mobile on file.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { forgotProtocolErrors } from '../../../machines/forgot-protocol.machine';
import { useForgotProtocolActor } from '../../flows/home/forgot-protocol';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

const LINK = 'min-h-11 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function ForgotProtocol({ cdEmpresaPlano }: { cdEmpresaPlano: string }) {
  const actor = useForgotProtocolActor(cdEmpresaPlano);
  const headingId = useId();
  const cpfRef = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLParagraphElement>(null);
  const state = useSelector(actor, (s) =>
    s.matches('closed')
      ? 'closed'
      : s.matches('sent')
        ? 'sent'
        : s.matches('sending')
          ? 'sending'
          : s.matches('failed')
            ? 'failed'
            : 'editing',
  );
  const context = useSelector(actor, (s) => s.context);
  const errors = context.attempted ? forgotProtocolErrors(context) : { cpf: '', dtNascimento: '' };

  useEffect(() => {
    if (state === 'editing' && !context.attempted) cpfRef.current?.focus();
    if (state === 'sent') answerRef.current?.focus();
  }, [state, context.attempted]);

  if (state === 'closed') {
    return (
      <p className="mt-4">
        <button type="button" className={LINK} onClick={() => actor.send({ type: 'OPENED' })}>
          Esqueci meu protocolo
        </button>
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };

  return (
    <section aria-labelledby={headingId} data-testid="forgot-protocol" className="mt-6 space-y-3 rounded-md border border-slate-300 p-4">
      <h2 id={headingId} className="text-base font-semibold text-brand-700">
        Esqueci meu protocolo
      </h2>
      {state === 'sent' ? (
        <>
          <p ref={answerRef} tabIndex={-1} role="status" className="text-slate-800 outline-none">
            {context.answer}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'CLOSED' })}>
            Fechar
          </Button>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-3">
          <p className="text-slate-700">
            Informe o CPF e a data de nascimento do beneficiário: enviamos o número do protocolo para o e-mail e o celular informados na
            solicitação.
          </p>
          <TextField
            id="forgot-cpf"
            label="CPF do beneficiário"
            value={context.cpf}
            onValue={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'cpf', value })}
            error={errors.cpf || undefined}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Somente números"
            inputRef={cpfRef}
          />
          <TextField
            id="forgot-dt-nascimento"
            label="Data de nascimento"
            value={context.dtNascimento}
            onValue={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'dtNascimento', value })}
            error={errors.dtNascimento || undefined}
            inputMode="numeric"
            autoComplete="bday"
            placeholder="dd/mm/aaaa"
          />
          {state === 'failed' && (
            <p role="alert" className="text-red-700">
              {context.failure}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={state === 'sending'}>
              {state === 'sending' ? 'Enviando…' : 'Enviar protocolo'}
            </Button>
            <Button variant="link" onClick={() => actor.send({ type: 'CLOSED' })}>
              Cancelar
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
