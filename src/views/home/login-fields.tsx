/**
 * CPF and Senha, asked when the tracked request needs a login (SPEC §2, §4). The CPF is
 * shown with the mask 000.000.000-00 and kept as digits; the password is the last 6 digits
 * of the protocol. Messages appear after a submit attempt and are tied to their field.
 */
import { format } from '@react-input/mask';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import { loginFormErrors } from '../../../machines/home.machine';
import type { HomeActorRef } from '../../flows/home/use-home';

const CPF_MASK = { mask: '___.___.___-__', replacement: { _: /\d/ } };

export interface LoginFieldsHandle {
  focusFirstInvalid(): void;
}

const inputClass =
  'block min-h-11 w-full rounded-md border px-3 text-base focus-visible:outline-2 focus-visible:outline-brand-500';

export function LoginFields({ actor, ref }: { actor: HomeActorRef; ref?: Ref<LoginFieldsHandle> }) {
  const cpfId = useId();
  const senhaId = useId();
  const cpfErrorId = useId();
  const senhaErrorId = useId();
  const cpfRef = useRef<HTMLInputElement>(null);
  const senhaRef = useRef<HTMLInputElement>(null);
  const cpf = useSelector(actor, (s) => s.context.cpf);
  const senha = useSelector(actor, (s) => s.context.senha);
  const attempted = useSelector(actor, (s) => s.context.loginAttempted);
  const errors = attempted ? loginFormErrors({ cpf, senha }) : {};

  useImperativeHandle(ref, () => ({
    focusFirstInvalid() {
      const current = loginFormErrors({ cpf: actor.getSnapshot().context.cpf, senha: actor.getSnapshot().context.senha });
      if (current.cpf) cpfRef.current?.focus();
      else if (current.senha) senhaRef.current?.focus();
    },
  }), [actor]);

  // The login appears after the lookup: take the user straight to it.
  useEffect(() => {
    cpfRef.current?.focus();
  }, []);

  return (
    <fieldset className="space-y-4 rounded-md border border-slate-300 p-4">
      <legend className="px-1 text-sm text-slate-700">
        Esta solicitação exige login. A senha são os últimos 6 dígitos do protocolo, enviado no seu e-mail.
      </legend>
      <div className="space-y-1">
        <label htmlFor={cpfId} className="font-semibold text-slate-800">CPF</label>
        {/* The mask is applied with @react-input/mask's `format` on a plain controlled input,
            not its <InputMask>: 2.0.x drops keystrokes typed in quick succession (its
            setTimeout(0) selection tracking races the input events; GoncharukOrg/react-input#59).
            Here the machine keeps the digits and the field shows them masked. */}
        <input
          ref={cpfRef}
          id={cpfId}
          name="cpf"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={14}
          value={format(cpf, CPF_MASK)}
          onChange={(event) => actor.send({ type: 'CPF_CHANGED', value: event.target.value })}
          aria-invalid={errors.cpf ? true : undefined}
          aria-describedby={errors.cpf ? cpfErrorId : undefined}
          className={`${inputClass} ${errors.cpf ? 'border-red-700' : 'border-slate-400'}`}
        />
        {errors.cpf && <p id={cpfErrorId} role="alert" className="text-sm text-red-700">{errors.cpf}</p>}
      </div>
      <div className="space-y-1">
        <label htmlFor={senhaId} className="font-semibold text-slate-800">Senha</label>
        <input
          ref={senhaRef}
          id={senhaId}
          name="senha"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={6}
          value={senha}
          onChange={(event) => actor.send({ type: 'PASSWORD_CHANGED', value: event.target.value })}
          aria-invalid={errors.senha ? true : undefined}
          aria-describedby={errors.senha ? senhaErrorId : undefined}
          className={`${inputClass} ${errors.senha ? 'border-red-700' : 'border-slate-400'}`}
        />
        {errors.senha && <p id={senhaErrorId} role="alert" className="text-sm text-red-700">{errors.senha}</p>}
      </div>
    </fieldset>
  );
}
