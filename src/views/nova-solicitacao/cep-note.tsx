/**
 * Under the CEP: what its lookup is doing or did (issue 14). A polite live region, so the
 * person typing hears that the address was filled, or that they fill it themselves.
 */
import type { CepOutcome } from '../../../machines/cep-address';
import { useWizard } from '../../flows/wizard/wizard-context';

export const CEP_NOTES: Record<CepOutcome | 'lookingUp', string> = {
  lookingUp: 'Buscando o endereço pelo CEP...',
  found: 'Endereço preenchido pelo CEP. Confira os dados e informe o número.',
  cityOnly: 'Cidade e UF preenchidas pelo CEP. Informe o endereço, o número e o bairro.',
  notFound: 'CEP não encontrado. Confira o número ou preencha o endereço.',
  failed: 'Não foi possível buscar o endereço pelo CEP agora. Preencha o endereço.',
};

export function CepNote() {
  const lookingUp = useWizard((s) => s.matches({ editing: { dadosPessoais: 'lookingUpCep' } }));
  const outcome = useWizard((s) => s.context.cepLookup);
  const note = lookingUp ? CEP_NOTES.lookingUp : outcome ? CEP_NOTES[outcome] : '';
  const warning = outcome === 'notFound' || outcome === 'failed';
  return (
    <p
      id="wizard-cd_cep-note"
      role="status"
      className={`mt-1 min-h-5 text-sm ${warning && !lookingUp ? 'text-amber-800' : 'text-slate-700'}`}
    >
      {note}
    </p>
  );
}
