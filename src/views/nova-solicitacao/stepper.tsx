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
    // The bar answers to its own width, not the screen's: beside the 720 px sidebar, or with the
    // text made larger, the five boxes did not fit and the current one shrank to a letter a line.
    <nav aria-label="Etapas da solicitação" className="@container">
      {/* Narrow (phones, beside the sidebar, large text): the other steps are only their
          numbered marks, the current one takes the rest of the line and wraps its name. From
          42rem wide (the five boxes need about 39rem) every step is a box with its name. In rem,
          the width grows with the text; and the bar wraps rather than squeeze a box below its
          longest word. */}
      <ol className="flex flex-wrap items-center gap-1 @min-[42rem]:gap-2">
        {STEPS.map((step, index) => {
          const status = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'pending';
          const mark = status === 'done' ? '✓' : String(index + 1);
          return (
            <li
              key={step}
              data-status={status}
              aria-current={status === 'current' ? 'step' : undefined}
              className={`flex max-w-full items-center gap-2 rounded-md text-sm @min-[42rem]:flex-1 @min-[42rem]:border @min-[42rem]:px-2 @min-[42rem]:py-2 ${
                status === 'current' ? 'flex-1 border px-2 py-2' : ''
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
              {/* Narrow, only the current step shows its name; the others keep theirs for screen
                  readers. A word breaks only when it alone is wider than the line. */}
              <span className={status === 'current' ? 'min-w-0 break-words' : 'sr-only @min-[42rem]:not-sr-only'}>
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
