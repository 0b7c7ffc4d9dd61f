/** 'Baixar comprovante (PDF)': the receipt of what was filed, from the protocol modal and from tracking (issue 25). */
import { useReceiptDownload } from '../../flows/receipt/use-receipt-download';
import { Button } from '../../ui/button';

export const RECEIPT_LABEL = 'Baixar comprovante (PDF)';

export function ReceiptDownload({ protocolo, token, className = '' }: { protocolo: string; token?: string; className?: string }) {
  const { busy, download } = useReceiptDownload(protocolo, token);
  return (
    <div className={`space-y-1 ${className}`} data-testid="receipt-download">
      {/* Inactive, not disabled, while it works: the button keeps focus (WCAG 2.4.3). */}
      <Button variant="secondary" inactive={busy || !protocolo} aria-busy={busy} onClick={() => void download()}>
        {RECEIPT_LABEL}
      </Button>
      <p className="text-sm text-slate-600">Protocolo, data do registro, titular, dependentes, documentos enviados e os próximos prazos.</p>
    </div>
  );
}
