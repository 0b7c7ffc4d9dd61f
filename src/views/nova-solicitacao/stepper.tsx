/** The five steps with done / current / pending marks (aria-current="step" on the current one). */
import { STEPS, type StepId } from '../../../machines/wizard.types';

export const STEP_TITLES: Record<StepId, string> = {
  dadosPessoais: 'Dados Pessoais',
  planoOrigem: 'Dados do Plano de Origem',
  planoDestino: 'Dados do Plano de Destino',
  dependentes: 'Dependentes',
  documentos: 'Documentos',
};

export function Stepper({ current }: { current: StepId }) {
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label="Etapas da solicitação">
      {/* Phones (320 px and up): the other steps are only their numbered marks, the current
          one takes the rest of the line and wraps its name; from 720 px every step is a box. */}
      <ol className="flex items-center gap-1 desktop:gap-2">
        {STEPS.map((step, index) => {
          const status = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'pending';
          const mark = status === 'done' ? '✓' : String(index + 1);
          return (
            <li
              key={step}
              data-status={status}
              aria-current={status === 'current' ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-md text-sm desktop:flex-1 desktop:border desktop:px-2 desktop:py-2 ${
                status === 'current' ? 'min-w-0 flex-1 border px-2 py-2' : ''
              } ${
                status === 'current'
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700'
                  : status === 'done'
                    ? 'border-green-700 text-green-800'
                    : 'border-slate-300 text-slate-700'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full ${
                  status === 'current'
                    ? 'bg-brand-600 text-white'
                    : status === 'done'
                      ? 'bg-green-700 text-white'
                      : 'bg-slate-200 text-slate-800'
                }`}
              >
                {mark}
              </span>
              {/* Phones show the current step's name; the others keep theirs for screen readers. */}
              <span className={status === 'current' ? 'min-w-0 break-words' : 'sr-only desktop:not-sr-only'}>
                {STEP_TITLES[step]}
                <span className="sr-only">{status === 'done' ? ' (concluída)' : status === 'pending' ? ' (pendente)' : ' (atual)'}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
