/**
 * "Esqueci meu protocolo" under home's track mode (issue 26): a link that opens CPF and date
 * of birth; the answer is the server's, the same whether or not a request exists, and the
 * protocol never shows here — it goes to the e-mail and mobile on file.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { forgotProtocolErrors } from '../../../machines/forgot-protocol.machine';
import { useForgotProtocolActor } from '../../flows/home/forgot-protocol';
import { useTypedElsewhere } from '../../flows/home/typed-expiry';
import { Button } from '../../ui/button';
import { focusLost, useRefocusWhenIdle } from '../../ui/focus-lost';
import { MASK_PLACEHOLDER, maskFormat } from '../../ui/mask-formats';
import { TextField } from '../../ui/text-field';

/** The wizard's date field: SPEC §5's mask 00/00/0000 (typed digits, a pasted date read as the wizard reads it). */
const DATE_FORMAT = maskFormat('date');

const LINK = 'min-h-11 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function ForgotProtocol({ cdEmpresaPlano }: { cdEmpresaPlano: string }) {
  const actor = useForgotProtocolActor(cdEmpresaPlano);
  const headingId = useId();
  const cpfRef = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLParagraphElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
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
  // A CPF and a date of birth on screen are forgotten with the rest of home once left idle.
  useTypedElsewhere(state !== 'closed' && (context.cpf !== '' || context.dtNascimento !== ''));
  const errors = context.attempted ? forgotProtocolErrors(context, context.today) : { cpf: '', dtNascimento: '' };

  useEffect(() => {
    if (state === 'editing' && !context.attempted) cpfRef.current?.focus();
    if (state === 'sent') answerRef.current?.focus();
  }, [state, context.attempted]);
  // Closed ('Cancelar', 'Fechar'): back on the link that opens it (the button pressed is gone).
  const opened = useRef(false);
  useEffect(() => {
    if (state !== 'closed') opened.current = true;
    else if (opened.current && focusLost()) openerRef.current?.focus();
  }, [state]);
  // A try that failed (the alert says why): back on 'Enviar protocolo', which tries again.
  useRefocusWhenIdle(state === 'sending', submitRef);

  if (state === 'closed') {
    return (
      <p className="mt-4">
        <button ref={openerRef} type="button" className={LINK} onClick={() => actor.send({ type: 'OPENED' })}>
          Esqueci meu protocolo
        </button>
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    // Refused on the form: the first field to correct takes focus, as on home's login.
    const refused = forgotProtocolErrors(context, context.today);
    if (refused.cpf) cpfRef.current?.focus();
    else if (refused.dtNascimento) dateRef.current?.focus();
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
            announceError
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
            announceError
            inputMode="numeric"
            autoComplete="bday"
            placeholder={MASK_PLACEHOLDER.date}
            format={DATE_FORMAT}
            inputRef={dateRef}
          />
          {state === 'failed' && (
            <p role="alert" className="text-red-700">
              {context.failure}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button ref={submitRef} type="submit" disabled={state === 'sending'}>
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
