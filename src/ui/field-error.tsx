/**
 * A field's error under it, named by the field's aria-describedby (read with the field, its
 * aria-invalid saying it is wrong). Not announced by itself: a refused 'Próximo' or 'Enviar'
 * moves focus to the error summary or to the first field in error, which says it; a dozen
 * alerts at that moment would be read over it, one after another (found by an exploratory run).
 * `live`: an error that comes while nothing moves focus (a plan the registry does not name,
 * answered by a lookup) is announced.
 */
export function FieldError({ id, message, live = false }: { id: string; message: string | undefined; live?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role={live ? 'alert' : undefined} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
