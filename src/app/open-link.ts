/**
 * Links from the server (documents, terms, acceptance) are opened only when they parse as
 * http(s), in a new tab without opener or referrer (DESIGN §6, issue "links are safe").
 */
import { notify } from './notify';

export const UNSAFE_LINK_MESSAGE = 'Não foi possível abrir o documento: o endereço recebido é inválido.';

export function safeHttpUrl(link: string, base: string = window.location.href): URL | null {
  try {
    const url = new URL(link.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Opens the link in a new tab; refuses (toast + console) anything that is not http(s). */
export function openServerLink(link: string): boolean {
  const url = safeHttpUrl(link);
  if (!url) {
    console.error('Link recusado (não é http/https):', link);
    notify.error(UNSAFE_LINK_MESSAGE);
    return false;
  }
  window.open(url.href, '_blank', 'noopener,noreferrer');
  return true;
}
