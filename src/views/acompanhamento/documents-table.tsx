/**
 * The attached documents: #, file, document, signature date ('-' if none) and a view action.
 * Where the table has less than 36rem (a phone, or beside the sidebar), each row becomes a
 * stacked card whose cells carry their column's name, so the view action is never off-screen.
 * The explicit roles keep it a table for screen readers when the cells are laid out as blocks.
 */
import { useSelector } from '@xstate/react';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';
import { UnreadListNotice, useUnread } from './unread-list';

const COLUMNS = ['#', 'Arquivo', 'Documento', 'Data da assinatura', 'Ações'] as const;
const cell =
  'px-2 py-2 @max-xl:flex @max-xl:gap-2 @max-xl:py-1 @max-xl:before:w-36 @max-xl:before:shrink-0 @max-xl:before:font-semibold @max-xl:before:text-slate-700 @max-xl:before:content-[attr(data-label)]';

export function DocumentsTable() {
  const actor = TrackingActorContext.useActorRef();
  const documents = useSelector(actor, (s) => s.context.attachedDocuments);
  // Not read is not "Nenhum documento encontrado.": the table says which it is.
  if (useUnread('attachedDocuments')) return <UnreadListNotice list="attachedDocuments" />;
  return (
    <div className="@container">
      <table role="table" className="w-full border-collapse text-left text-sm @max-xl:block">
        <caption className="sr-only">Documentos da solicitação</caption>
        <thead role="rowgroup" className="@max-xl:sr-only">
          <tr role="row" className="border-b border-slate-300 text-slate-700">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-2 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="@max-xl:block @max-xl:space-y-3">
          {documents.length === 0 && (
            <tr role="row" className="@max-xl:block">
              <td role="cell" colSpan={5} className="px-2 py-3 text-slate-600 @max-xl:block">
                Nenhum documento encontrado.
              </td>
            </tr>
          )}
          {/* Keyed by place and name: the server signs fresh links on every reload (after a
              signature, an upload), and a row keyed by its link was rebuilt, losing its focus. */}
          {documents.map((document, index) => (
            <tr
              role="row"
              key={`${index}-${document.nmArquivo}`}
              className="border-b border-slate-200 @max-xl:block @max-xl:rounded-md @max-xl:border @max-xl:p-2"
            >
              <td role="cell" data-label={COLUMNS[0]} className={cell}>
                {index + 1}
              </td>
              <td role="cell" data-label={COLUMNS[1]} className={`${cell} break-all`}>
                {document.nmArquivo}
              </td>
              <td role="cell" data-label={COLUMNS[2]} className={cell}>
                {document.nmDocumento}
              </td>
              <td role="cell" data-label={COLUMNS[3]} className={cell}>
                {document.dtAssinatura || '-'}
              </td>
              <td role="cell" data-label={COLUMNS[4]} className={`${cell} @max-xl:items-center`}>
                <button
                  type="button"
                  onClick={() => actor.send({ type: 'VIEW_DOCUMENT', linkUrl: document.linkUrl })}
                  className="min-h-11 rounded-md px-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  Visualizar<span className="sr-only"> {document.nmArquivo} (abre em nova aba)</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
