/**
 * A photo being made ready to send (issue 27: an iPhone photo converted, a large photo shrunk)
 * and 'Cancelar' beside it, as the wizard's step 5 and tracking's pending documents show it.
 * While it is prepared the button that chose it is disabled, so focus (lost with it) goes to
 * 'Cancelar'; when it ends, focus goes back where the photo was chosen, unless the step gave it
 * to something else ('Enviar' for a ready pending photo). A cancelled photo is said let go.
 */
import { useEffect, useRef } from 'react';
import { announce } from './announcer';
import { Button } from './button';
import { focusLost } from './focus-lost';

export function PreparingPhoto({ name, onCancel }: { name: string; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusLost()) cancel.current?.focus();
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {/* A phone's file names are long and unbroken ('Screenshot_20240315_142233_WhatsApp.jpg'): they wrap. */}
      <p role="status" className="min-w-0 text-slate-700 wrap-anywhere">
        Preparando {name}: reduzindo a foto para o envio...
      </p>
      <Button ref={cancel} variant="secondary" aria-label={`Cancelar o preparo de ${name}`} onClick={onCancel}>
        Cancelar
      </Button>
    </div>
  );
}

/** `preparing`: the name of the photo being prepared (null: none); answers the click of 'Cancelar'. */
export function usePreparationCancel(preparing: string | null, cancel: () => void, focusBack: () => void): () => void {
  const cancelled = useRef<string | null>(null);
  const shown = useRef(preparing);
  useEffect(() => {
    const ended = shown.current !== null && preparing === null;
    shown.current = preparing;
    if (!ended) return;
    if (cancelled.current !== null) announce(`Preparo de ${cancelled.current} cancelado. A foto não foi anexada.`);
    cancelled.current = null;
    if (focusLost()) focusBack();
  }, [preparing, focusBack]);
  return () => {
    cancelled.current = preparing;
    cancel();
  };
}
