/** The attached documents: #, file, document, signature date ('-' if none) and a view action. */
import { useSelector } from '@xstate/react';
import type { TrackingActor } from './tracking-actor';

export function DocumentsTable({ actor }: { actor: TrackingActor }) {
  const documents = useSelector(actor, (s) => s.context.attachedDocuments);
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">Documentos da solicitação</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="px-2 py-2">#</th>
            <th scope="col" className="px-2 py-2">Arquivo</th>
            <th scope="col" className="px-2 py-2">Documento</th>
            <th scope="col" className="px-2 py-2">Data da assinatura</th>
            <th scope="col" className="px-2 py-2">Ações</th>
          </tr>
        </thead>
        <tbody>
          {documents.length === 0 && (
            <tr>
              <td colSpan={5} className="px-2 py-3 text-slate-600">Nenhum documento encontrado.</td>
            </tr>
          )}
          {documents.map((document, index) => (
            <tr key={`${index}-${document.linkUrl}`} className="border-b border-slate-200">
              <td className="px-2 py-2">{index + 1}</td>
              <td className="break-all px-2 py-2">{document.nmArquivo}</td>
              <td className="px-2 py-2">{document.nmDocumento}</td>
              <td className="px-2 py-2">{document.dtAssinatura || '-'}</td>
              <td className="px-2 py-2">
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
