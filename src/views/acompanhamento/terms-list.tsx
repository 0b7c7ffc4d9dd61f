/**
 * Status 3: the terms and declarations to sign, after reading them (issue 25). Each row has
 * 'Abrir' (a new tab, said in its name) and 'Li e aceito', which can be ticked only once the
 * term was opened; ticking records the signature. Signed terms stay checked and locked, with
 * when they were read and accepted once the server says so. Focus stays on the row: after a
 * signature locks the box, it moves to the row's 'Abrir' rather than falling to the page.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { READING, isTermOpened } from '../../../machines/tracking.terms-and-withdrawal';
import { Button } from '../../ui/button';
import { CheckBox } from '../../ui/check-box';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';
import { UnreadListNotice, useUnread } from './unread-list';

export function TermsList() {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const terms = useSelector(actor, (s) => s.context.documentsToSign);
  const opened = useSelector(actor, (s) => s.context.openedTerms);
  // The box shows checked while its signature is being recorded, and stays so once it is.
  const signing = useSelector(actor, (s) => s.context.signing);
  const signable = useSelector(
    actor,
    (s) => s.context.documentsToSign.map((t) => s.can({ type: 'SIGN_DOCUMENT', cdFileDocumento: t.cdFileDocumento })),
    (a, b) => a.length === b.length && a.every((value, i) => value === b[i]),
  );
  const openButtons = useRef(new Map<number, HTMLButtonElement>());
  const lastSigning = useRef<number | null>(null);
  useEffect(() => {
    const signed = lastSigning.current;
    lastSigning.current = signing;
    if (signing !== null || signed === null) return;
    // The locked box cannot keep focus: keep it on the same row.
    if (document.activeElement === document.body || document.activeElement === null) openButtons.current.get(signed)?.focus();
  }, [signing]);
  const unread = useUnread('documentsToSign');
  if (terms.length === 0 && !unread) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-800">
        Termos e declarações
      </h3>
      {unread ? <UnreadListNotice list="documentsToSign" /> : <p className="text-sm text-slate-700">{READING.intro}</p>}
      {terms.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {terms.map((term, index) => {
            const id = `${headingId}-${term.cdFileDocumento}`;
            const read = isTermOpened(terms, opened, term.cdFileDocumento);
            const checked = term.flAssinado || signing === term.cdFileDocumento;
            return (
              <li key={term.cdFileDocumento} className="space-y-1 py-2" data-term={term.cdFileDocumento}>
                <div>
                  <Button
                    variant="link"
                    ref={(element: HTMLButtonElement | null) => {
                      if (element) openButtons.current.set(term.cdFileDocumento, element);
                      else openButtons.current.delete(term.cdFileDocumento);
                    }}
                    onClick={() => actor.send({ type: 'OPEN_TERM', cdFileDocumento: term.cdFileDocumento })}
                  >
                    {READING.open(term.documento)} <span className="text-sm">{READING.newTab}</span>
                  </Button>
                </div>
                <CheckBox
                  id={id}
                  label={`${READING.accept}: ${term.documento}`}
                  checked={checked}
                  disabled={term.flAssinado || !signable[index]}
                  onChange={() => actor.send({ type: 'SIGN_DOCUMENT', cdFileDocumento: term.cdFileDocumento })}
                  description={read || checked ? undefined : READING.openFirst}
                  after={term.flAssinado && <span className="text-sm text-green-800">(assinado)</span>}
                />
                {(term.dtLeitura || term.dtAssinatura) && (
                  <p className="text-sm text-slate-700">
                    {[term.dtLeitura && `Lido em ${term.dtLeitura}`, term.dtAssinatura && `aceito em ${term.dtAssinatura}`]
                      .filter(Boolean)
                      .join('; ')}
                    .
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
