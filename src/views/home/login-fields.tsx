/**
 * CPF and Senha, asked when the tracked request needs a login (SPEC §2, §4). The CPF is
 * shown with the mask 000.000.000-00 and kept as digits; the password is the last 6 digits
 * of the protocol. Messages appear after a submit attempt and are tied to their field.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import { loginFormErrors } from '../../../machines/home.machine';
import { HomeActorContext } from '../../flows/home/home-context';
import { digitsFormat } from '../../ui/field-formats';
import { maskFormat } from '../../ui/mask-formats';
import { TextField } from '../../ui/text-field';

const CPF_FORMAT = maskFormat('cpf');
const PASSWORD_FORMAT = digitsFormat({ max: 6, label: 'A senha' });

export interface LoginFieldsHandle {
  /** The first field with a message; with none (the server refused the pair), the password, cleared for a new try. */
  focusFirstInvalid(): void;
}

export function LoginFields({ ref }: { ref?: Ref<LoginFieldsHandle> }) {
  const actor = HomeActorContext.useActorRef();
  const cpfId = useId();
  const senhaId = useId();
  const cpfRef = useRef<HTMLInputElement>(null);
  const senhaRef = useRef<HTMLInputElement>(null);
  const cpf = useSelector(actor, (s) => s.context.cpf);
  const senha = useSelector(actor, (s) => s.context.senha);
  const attempted = useSelector(actor, (s) => s.context.loginAttempted);
  const errors = attempted ? loginFormErrors({ cpf, senha }) : {};

  useImperativeHandle(
    ref,
    () => ({
      focusFirstInvalid() {
        const current = loginFormErrors({ cpf: actor.getSnapshot().context.cpf, senha: actor.getSnapshot().context.senha });
        if (current.cpf) cpfRef.current?.focus();
        else senhaRef.current?.focus();
      },
    }),
    [actor],
  );

  // The login appears after the lookup: take the user straight to it.
  useEffect(() => {
    cpfRef.current?.focus();
  }, []);

  return (
    <fieldset className="space-y-4 rounded-md border border-slate-300 p-4">
      <legend className="px-1 text-sm text-slate-700">
        Esta solicitação exige login. A senha são os últimos 6 dígitos do protocolo, enviado no seu e-mail.
      </legend>
      <TextField
        id={cpfId}
        inputRef={cpfRef}
        name="cpf"
        label="CPF"
        labelClassName="font-semibold"
        format={CPF_FORMAT}
        placeholder="000.000.000-00"
        value={cpf}
        error={errors.cpf}
        announceError
        onValue={(value) => actor.send({ type: 'CPF_CHANGED', value })}
      />
      <TextField
        id={senhaId}
        inputRef={senhaRef}
        name="senha"
        type="password"
        label="Senha"
        labelClassName="font-semibold"
        format={PASSWORD_FORMAT}
        autoComplete="current-password"
        value={senha}
        error={errors.senha}
        announceError
        onValue={(value) => actor.send({ type: 'PASSWORD_CHANGED', value })}
      />
    </fieldset>
  );
}
