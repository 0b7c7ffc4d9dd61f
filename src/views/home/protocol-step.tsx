/**
 * A protocol step (SPEC §2): the field with its placeholder and tooltip, the login fields
 * when the tracked request asks for them, 'Prosseguir' (disabled while it cannot go on, e.g.
 * an empty protocol) and the 'Retornar' link back to home mode.
 */
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useEffect, useId, useRef, type FormEvent } from 'react';
import { ANS_PROTOCOL_MAX_DIGITS, TOOLTIP_KEY } from '../../../machines/home.machine';
import { ANS_PROTOCOL_DIGITS, ANS_PROTOCOL_MESSAGE } from '../../../contract/rules';
import { HomeActorContext } from '../../flows/home/home-context';
import { Button } from '../../ui/button';
import { focusLost } from '../../ui/focus-lost';
import { useClientValue } from '../../ui/client-value';
import { digitsFormat, textFormat } from '../../ui/field-formats';
import { TextField } from '../../ui/text-field';
import { AnsProtocolHelp } from './ans-protocol-help';
import { FieldTooltip } from './field-tooltip';
import type { LoginFieldsHandle } from './login-fields';

// Only tracked requests that need a login show these fields: their mask library stays out of
// the home screen's first load.
const LoginFields = lazy(() => import('./login-fields').then((m) => ({ default: m.LoginFields })));

const STEP = {
  new: {
    label: 'Digite o protocolo ANS',
    // Exactly 20 digits (issue 27 item 6): the hint under the field counts what is missing.
    placeholder: 'Somente números (20 dígitos)',
    format: digitsFormat({ max: ANS_PROTOCOL_MAX_DIGITS, label: 'O protocolo ANS', exact: true }),
  },
  track: {
    label: 'Digite o protocolo',
    placeholder: 'Número do protocolo da solicitação',
    format: textFormat({ uppercase: false, max: 9999 }),
  },
};

interface ProtocolStepProps {
  kind: 'new' | 'track';
  /** Take focus to the field on mount (the user just chose this mode). */
  focusField: boolean;
}

export function ProtocolStep({ kind, focusField }: ProtocolStepProps) {
  const actor = HomeActorContext.useActorRef();
  const step = STEP[kind];
  const inputId = useId();
  const tooltipId = useId();
  const lengthId = useId();
  const whereId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const loginRef = useRef<LoginFieldsHandle>(null);
  const protocol = useSelector(actor, (s) => s.context.protocol);
  // The tooltip is an answer the prerendered step never had. React takes that markup over when
  // this chunk arrives, maybe after the answer: while it does, the step renders as painted (no
  // tooltip), or the two would differ and React would draw the field anew.
  const tooltip = useClientValue(
    useSelector(actor, (s) => s.context.tooltips[TOOLTIP_KEY[kind]] ?? ''),
    '',
  );
  // Issue 27 item 6: a partial ANS protocol says how many digits are missing ('Prosseguir' waits for them).
  const missingDigits = kind === 'new' && protocol !== '' ? Math.max(0, ANS_PROTOCOL_DIGITS - protocol.length) : 0;
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'SUBMIT' }));
  const showLogin = useSelector(actor, (s) => s.context.loginRequired && s.matches({ track: 'login' }));
  const busy = useSelector(actor, (s) => s.matches({ track: 'lookingUp' }) || s.matches({ track: { login: 'submitting' } }));

  // Not from a field the person is already in: 'Esqueci meu protocolo' is a chunk of its own and
  // may come first, and keys typed in its form went to this field when this one arrived (found
  // by a CI run on a busy machine).
  useEffect(() => {
    if (focusField && focusLost()) inputRef.current?.focus();
  }, [focusField]);

  // While the lookup or the login runs, 'Prosseguir' is disabled and loses focus. Refused (the
  // toast says why), focus goes back where the person corrects it; answered, the next screen
  // or the login fields take it themselves.
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended || !focusLost()) return;
    if (showLogin) loginRef.current?.focusFirstInvalid();
    else inputRef.current?.focus();
  }, [busy, showLogin]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    // A refused login attempt moves focus to the first invalid field (DESIGN §6).
    const after = actor.getSnapshot();
    if (after.matches({ track: { login: 'editing' } }) && after.context.loginAttempted) loginRef.current?.focusFirstInvalid();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={busy}>
      <TextField
        id={inputId}
        inputRef={inputRef}
        name={kind === 'new' ? 'nu_protocolo_ans' : 'nu_protocolo'}
        label={step.label}
        labelClassName="font-semibold"
        labelAddon={<FieldTooltip id={tooltipId} text={tooltip} fieldLabel={step.label} />}
        describedBy={
          [tooltip ? tooltipId : '', kind === 'new' ? whereId : '', missingDigits > 0 ? lengthId : ''].filter(Boolean).join(' ') ||
          undefined
        }
        format={step.format}
        placeholder={step.placeholder}
        value={protocol}
        // The lookup answers for the protocol sent: while it runs the field waits.
        readOnly={busy}
        onValue={(value) => actor.send({ type: 'PROTOCOL_CHANGED', value })}
      />
      {missingDigits > 0 && (
        <p id={lengthId} className="text-sm text-slate-700">
          {ANS_PROTOCOL_MESSAGE} {missingDigits === 1 ? 'Falta 1 dígito.' : `Faltam ${missingDigits} dígitos.`}
        </p>
      )}
      {/* Issue 27 item 5: what the ANS protocol is and how to get one. */}
      {kind === 'new' && <AnsProtocolHelp id={whereId} />}
      {showLogin && (
        <Suspense fallback={null}>
          <LoginFields ref={loginRef} />
        </Suspense>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="link" onClick={() => actor.send({ type: 'RETURN' })}>
          Retornar
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          Prosseguir
        </Button>
      </div>
      {/* Issue 14: before the request, who may port (RN 438); a page of its own. */}
      {kind === 'new' && (
        <p>
          <a href="#/quem-pode" className="inline-flex min-h-11 items-center text-brand-700 underline">
            Quem pode fazer a portabilidade?
          </a>
        </p>
      )}
    </form>
  );
}
