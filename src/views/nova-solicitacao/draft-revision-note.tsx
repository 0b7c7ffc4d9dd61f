/**
 * What a restored draft asks the person to look at again (flows/wizard/draft-repair.ts), on
 * the page until they say they read it: the names of dependents to add again are needed while
 * adding them, long after a 5-second toast (found by a regression walk).
 */
import { useState } from 'react';
import type { DraftRevision } from '../../flows/wizard/draft-repair';
import { Button } from '../../ui/button';
import { STEP_TITLES } from './stepper';

/** 'Alguns dados do rascunho precisam ser revistos: Dados Pessoais, Dependentes (MARIA).' */
export function draftRevisionMessage(revise: DraftRevision): string {
  const parts = revise.steps.map((step) => {
    if (step !== 'dependentes') return STEP_TITLES[step];
    const names = [
      ...(revise.reopened !== null ? [revise.reopened || 'sem nome'] : []),
      ...(revise.removed.length > 0 ? [`adicione de novo: ${revise.removed.map((name) => name || 'sem nome').join(', ')}`] : []),
    ];
    return names.length > 0 ? `${STEP_TITLES[step]} (${names.join('; ')})` : STEP_TITLES[step];
  });
  return `Alguns dados do rascunho precisam ser revistos: ${parts.join(', ')}.`;
}

/** `onRead`: where focus goes once the note is gone (it held the focused button). */
export function DraftRevisionNote({ revise, onRead }: { revise: DraftRevision | null; onRead: () => void }) {
  const [open, setOpen] = useState(revise !== null);
  if (!open || !revise) return null;
  return (
    <div role="status" data-testid="draft-revision" className="space-y-2 rounded-md border border-amber-600 bg-amber-50 p-3 text-slate-900">
      <p>{draftRevisionMessage(revise)}</p>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(false);
          onRead();
        }}
      >
        Entendi
      </Button>
    </div>
  );
}
