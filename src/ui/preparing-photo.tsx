/**
 * A photo being made ready to send (issue 27: an iPhone photo converted, a large photo shrunk)
 * and 'Cancelar' beside it, as the wizard's step 5 and tracking's pending documents show it.
 * The hook says a cancelled photo was let go and puts focus back where the photo was chosen,
 * once the step has taken the cancel (the button that had focus is gone by then).
 */
import { useEffect, useRef } from 'react';
import { announce } from './announcer';
import { Button } from './button';

export function PreparingPhoto({ name, onCancel }: { name: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p role="status" className="text-slate-700">
        Preparando {name}: reduzindo a foto para o envio...
      </p>
      <Button variant="secondary" aria-label={`Cancelar o preparo de ${name}`} onClick={onCancel}>
        Cancelar
      </Button>
    </div>
  );
}

/** `preparing`: the name of the photo being prepared (null: none); answers the click of 'Cancelar'. */
export function usePreparationCancel(preparing: string | null, cancel: () => void, focusBack: () => void): () => void {
  const cancelled = useRef<string | null>(null);
  useEffect(() => {
    if (preparing !== null || cancelled.current === null) return;
    announce(`Preparo de ${cancelled.current} cancelado. A foto não foi anexada.`);
    cancelled.current = null;
    focusBack();
  }, [preparing, focusBack]);
  return () => {
    cancelled.current = preparing;
    cancel();
  };
}
