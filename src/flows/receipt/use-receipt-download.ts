/**
 * `useReceiptDownload(protocolo, token)`: the receipt ("comprovante", issue 25) as a download.
 * One read, no flow to drive: ask the server for the receipt's short-lived link (the token
 * bound to this protocol goes with it: the save's in the wizard, the stored one on tracking),
 * then let the browser download it. Through react-query like every read, so retries, the
 * loading overlay and the error catalogue's toast come with it; `busy` only keeps a second
 * tap from asking again meanwhile.
 */
import { useState } from 'react';
import { RECEIPT_FILE_NAME } from '../../../contract/api';
import { callApi } from '../../api/client';
import { notify } from '../../app/notify';
import { UNSAFE_LINK_MESSAGE, safeDocumentUrl } from '../../app/open-link';
import { queryClient } from '../../app/services';

/** Downloads a link of ours in place: the server sends the PDF as an attachment, the page stays. */
export function downloadServerLink(link: string, fileName: string): boolean {
  const url = safeDocumentUrl(link);
  if (!url) {
    console.error('Link recusado (fora do portal e dos hosts de documentos configurados):', link);
    notify.error(UNSAFE_LINK_MESSAGE);
    return false;
  }
  const anchor = document.createElement('a');
  anchor.href = url.href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  return true;
}

export function useReceiptDownload(protocolo: string, token?: string): { busy: boolean; download: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy || !protocolo) return;
    setBusy(true);
    try {
      // Never cached: every link is fresh, and a receipt asked again shows what was sent since.
      const link = await queryClient.fetchQuery({
        queryKey: ['api', 'receipt', protocolo, token ?? 'session'],
        queryFn: ({ signal }) => callApi('receipt', { protocolo }, token === undefined ? { signal } : { signal, token }),
        staleTime: 0,
        gcTime: 0,
      });
      downloadServerLink(link, RECEIPT_FILE_NAME);
    } catch {
      // Reported once by react-query's error catalogue (src/app/services.ts).
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
