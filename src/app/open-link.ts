/**
 * Links from the server (documents, terms, acceptance) are opened only when, once resolved,
 * they are on the portal's own origin or on a configured document host, in a new tab without
 * opener or referrer (DESIGN §6, issue 11). Anything ambiguous is refused before resolving
 * (machines/tracking.helpers.ts `isHttpLink`): backslashes and control characters (browsers
 * read `\\evil.example\x` and `/\evil.example/x` as `//evil.example/x`), protocol-relative
 * `//host` links, and a scheme without `//` (`https:evil.example` is another host on an http page).
 *
 * Document hosts: `VITE_DOCUMENT_HOSTS` at build time, origins separated by commas
 * (`https://documentos.operadora.com.br`). None by default: links are the portal's own.
 */
import { isHttpLink } from '../../contract/rules';
import { notify } from './notify';

export const UNSAFE_LINK_MESSAGE = 'Não foi possível abrir o documento: o endereço recebido é inválido.';

/** The configured document hosts, as origins; anything that is not an http(s) origin is left out. */
export function documentOrigins(config: string | undefined): string[] {
  return (config ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        const url = new URL(entry);
        return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
      } catch {
        return [];
      }
    });
}

const DOCUMENT_ORIGINS = documentOrigins(import.meta.env.VITE_DOCUMENT_HOSTS as string | undefined);

/** The link resolved, when it may be opened; otherwise null. */
export function safeDocumentUrl(
  link: string,
  page: string = window.location.href,
  allowedOrigins: readonly string[] = DOCUMENT_ORIGINS,
): URL | null {
  if (!isHttpLink(link)) return null;
  let url: URL;
  try {
    url = new URL(link.trim(), page);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.origin === new URL(page).origin || allowedOrigins.includes(url.origin) ? url : null;
}

/** Opens the link in a new tab; refuses (toast + console) anything not on our origin or a document host. */
export function openServerLink(link: string): boolean {
  const url = safeDocumentUrl(link);
  if (!url) {
    console.error('Link recusado (fora do portal e dos hosts de documentos configurados):', link);
    notify.error(UNSAFE_LINK_MESSAGE);
    return false;
  }
  window.open(url.href, '_blank', 'noopener,noreferrer');
  return true;
}
