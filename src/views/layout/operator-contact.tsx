/**
 * "A person to reach" (issue 26): the operator's central (phone, WhatsApp, hours), e-mail and
 * Ouvidoria, always beside the ANS (Disque ANS, NIP). `compact` is the footer's version; the
 * full one sits on the refusal and cancellation screens and on the eligibility result. The ANS
 * part never waits for the operator's contact to load.
 */
import { useId } from 'react';
import type { OperatorContact } from '../../../contract/api';
import { DISQUE_ANS } from '../../../contract/rules';
import { useOperatorContact } from '../../flows/contact/use-operator-contact';

/** The regulator's own site, where a NIP complaint is filed online. */
export const ANS_SITE = 'https://www.gov.br/ans/pt-br';

const link = 'font-semibold text-brand-700 underline underline-offset-2 break-words';

const telOf = (phone: string) => phone.replace(/[^\d+]/g, '');
/** wa.me wants the number with the country code and nothing else. */
const whatsappOf = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
};

function OperatorLines({ contact }: { contact: OperatorContact }) {
  return (
    <>
      {contact.telefone && (
        <li>
          Central de atendimento:{' '}
          <a href={`tel:${telOf(contact.telefone)}`} className={link}>
            {contact.telefone}
          </a>
          {contact.horario && <span className="text-slate-700"> ({contact.horario})</span>}
        </li>
      )}
      {contact.whatsapp && (
        <li>
          WhatsApp:{' '}
          <a href={whatsappOf(contact.whatsapp)} target="_blank" rel="noopener noreferrer" className={link}>
            {contact.whatsapp}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </li>
      )}
      {contact.email && (
        <li>
          E-mail:{' '}
          <a href={`mailto:${contact.email}`} className={link}>
            {contact.email}
          </a>
        </li>
      )}
      {contact.ouvidoria && (
        <li>
          Ouvidoria:{' '}
          <a href={`tel:${telOf(contact.ouvidoria)}`} className={link}>
            {contact.ouvidoria}
          </a>
        </li>
      )}
    </>
  );
}

function AnsLines() {
  return (
    <li>
      ANS (Agência Nacional de Saúde Suplementar): Disque ANS{' '}
      <a href={`tel:${DISQUE_ANS.tel}`} className={link}>
        {DISQUE_ANS.label}
      </a>{' '}
      (ligação gratuita) ou uma Notificação de Intermediação Preliminar (NIP) no{' '}
      <a href={ANS_SITE} target="_blank" rel="noopener noreferrer" className={link}>
        portal da ANS<span className="sr-only"> (abre em nova aba)</span>
      </a>
    </li>
  );
}

export interface OperatorContactCardProps {
  /** The footer's smaller version. */
  compact?: boolean;
  /** The heading's level where the card sits (2; inside a panel: 3); the compact card has none. */
  level?: 2 | 3;
  /** False where the ANS is already named right above (the refusal's recourse list). */
  withAns?: boolean;
}

export function OperatorContactCard({ compact = false, level = 2, withAns = true }: OperatorContactCardProps) {
  // The footer's title is no heading: it would sit in every screen's outline.
  const Heading = compact ? 'p' : level === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const contact = useOperatorContact();
  const name = contact?.operadora;
  // The footer's card is part of the footer (contentinfo), not a region of its own: a second
  // region with the name of the one in main (status 4 and 5) made a screen reader's landmark
  // list say it twice.
  const Container = compact ? 'div' : 'section';
  return (
    <Container
      aria-labelledby={compact ? undefined : headingId}
      data-testid={compact ? 'footer-contact' : 'operator-contact'}
      className={compact ? 'w-full max-w-3xl text-sm text-slate-800' : 'space-y-2 rounded-md border border-slate-300 bg-white px-4 py-3'}
    >
      <Heading id={headingId} className="font-semibold text-slate-800">
        {name ? `Fale com a operadora ${name}` : 'Fale com a operadora'}
      </Heading>
      <ul className={compact ? 'mt-1 space-y-1' : 'space-y-2 text-slate-800'}>
        {contact && <OperatorLines contact={contact} />}
        {withAns && <AnsLines />}
      </ul>
      {!contact && !withAns && <p className="text-slate-700">Pelos canais de atendimento da operadora.</p>}
    </Container>
  );
}
