/**
 * `#/quem-pode` — "Quem pode fazer a portabilidade?" (issue 14 item 2), opened from home's
 * "Realizar Solicitação" mode. Renders the eligibility machine: one question at a time, then
 * what the answers mean. Going on to the request is always offered: nothing here blocks.
 */
import { useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { ELIGIBILITY_QUESTIONS, unmetRequirements, type EligibilityQuestion } from '../../../machines/eligibility.machine';
import { EligibilityActorContext, EligibilityFlow } from '../../flows/eligibility/eligibility-context';
import { Button } from '../../ui/button';
import { useFocusOnChange } from '../../ui/screen';
import { PortalLayout } from '../layout/portal-layout';
import { OperatorContactCard } from '../layout/operator-contact';
import { REQUIREMENTS } from './requirements';

const TITLE = 'Quem pode fazer a portabilidade?';

/** The heading the screen focuses when what it shows changes (EligibilityScreen). */
type Heading = RefObject<HTMLHeadingElement | null>;

function Question({ question, heading }: { question: EligibilityQuestion; heading: Heading }) {
  const actor = EligibilityActorContext.useActorRef();
  const index = ELIGIBILITY_QUESTIONS.indexOf(question);
  const requirement = REQUIREMENTS[question];
  return (
    <section aria-labelledby="quem-pode-pergunta" className="space-y-3">
      <p className="text-sm text-slate-700">
        Pergunta {index + 1} de {ELIGIBILITY_QUESTIONS.length}
      </p>
      <h2 id="quem-pode-pergunta" ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-700 focus:outline-none">
        {requirement.question}
      </h2>
      <p>{requirement.explanation}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => actor.send({ type: 'ANSWERED', answer: true })}>Sim</Button>
        <Button onClick={() => actor.send({ type: 'ANSWERED', answer: false })}>Não</Button>
        {index > 0 && (
          <Button variant="link" onClick={() => actor.send({ type: 'PREVIOUS' })}>
            Voltar à pergunta anterior
          </Button>
        )}
      </div>
    </section>
  );
}

function Outcome({ heading }: { heading: Heading }) {
  const actor = EligibilityActorContext.useActorRef();
  const unmet = useSelector(actor, (s) => unmetRequirements(s.context.answers).join(','));
  const reasons = unmet ? (unmet.split(',') as EligibilityQuestion[]) : [];
  return (
    <section aria-labelledby="quem-pode-resultado" className="space-y-3">
      <h2 id="quem-pode-resultado" ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-700 focus:outline-none">
        {reasons.length === 0
          ? 'Pelo que você respondeu, você pode fazer a portabilidade.'
          : 'Pelo que você respondeu, a portabilidade pode ser recusada.'}
      </h2>
      {reasons.length > 0 && (
        <>
          <ul aria-label="Requisitos não atendidos" className="list-disc space-y-2 pl-5">
            {reasons.map((question) => (
              <li key={question}>{REQUIREMENTS[question].whenNot}</li>
            ))}
          </ul>
          <p>Você pode fazer a solicitação mesmo assim: a operadora analisa cada caso e, se recusar, explica o motivo.</p>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => actor.send({ type: 'CONTINUED' })}>
          {reasons.length === 0 ? 'Fazer a solicitação' : 'Fazer a solicitação mesmo assim'}
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'RESTARTED' })}>
          Refazer as perguntas
        </Button>
        <Button variant="link" onClick={() => actor.send({ type: 'PREVIOUS' })}>
          Voltar à pergunta anterior
        </Button>
      </div>
      {/* The requirements say "fale com a nossa central": here is how (issue 26). */}
      <OperatorContactCard level={3} />
    </section>
  );
}

export function QuemPodePage() {
  return (
    <EligibilityFlow>
      <EligibilityScreen />
    </EligibilityFlow>
  );
}

function EligibilityScreen() {
  const actor = EligibilityActorContext.useActorRef();
  const question = useSelector(actor, (s) => ELIGIBILITY_QUESTIONS.find((q) => s.matches({ asking: q })));
  // Each new question, and the result, takes focus at its heading: the button pressed is gone
  // with the part it was in (the result, 'Refazer', 'Voltar'), and focus must not fall to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, question ?? 'resultado');
  return (
    <PortalLayout title={TITLE} focusTitleOnEntry>
      <div className="space-y-5 rounded-md bg-white p-4 shadow-sm">
        <p>Os requisitos da portabilidade de carências (Resolução Normativa ANS nº 438), em cinco perguntas de sim ou não.</p>
        {question ? <Question question={question} heading={heading} /> : <Outcome heading={heading} />}
        {question && (
          <p className="border-t border-slate-200 pt-3">
            <Button variant="link" onClick={() => actor.send({ type: 'CONTINUED' })}>
              Pular as perguntas e fazer a solicitação
            </Button>
          </p>
        )}
      </div>
    </PortalLayout>
  );
}
