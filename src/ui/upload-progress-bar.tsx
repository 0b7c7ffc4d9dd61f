import { formatFileSize } from '../../machines/attachments';

/** How much of a file went out: the bar and the bytes in words (wizard step 5, tracking's pending documents). */
export function UploadProgressBar({ fileName, sent, total }: { fileName: string; sent: number; total: number }) {
  return (
    <div className="px-2 text-sm text-slate-700">
      <progress className="h-2 w-full accent-brand-700" max={total} value={sent} aria-label={`Envio de ${fileName}`} />
      Enviando: {formatFileSize(sent)} de {formatFileSize(total)}
    </div>
  );
}
