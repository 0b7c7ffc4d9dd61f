// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../src/app/notify';
import { UNSAFE_LINK_MESSAGE, documentOrigins, openServerLink, safeDocumentUrl } from '../../src/app/open-link';

describe('openServerLink', () => {
  let open: ReturnType<typeof vi.spyOn>;
  let log: ReturnType<typeof vi.spyOn>;
  let toast: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    open = vi.spyOn(window, 'open').mockImplementation(() => null);
    log = vi.spyOn(console, 'error').mockImplementation(() => {});
    toast = vi.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(() => vi.restoreAllMocks());

  it("opens a link on the portal's own origin in a new tab without opener or referrer", () => {
    const link = `${window.location.origin}/wslinhafrente/v1/arquivos/abc.pdf`;
    expect(openServerLink(link)).toBe(true);
    expect(open).toHaveBeenCalledWith(link, '_blank', 'noopener,noreferrer');
    expect(toast).not.toHaveBeenCalled();
  });

  it("opens the server's signed, short-lived document links with their query intact", () => {
    const link = '/wslinhafrente/v1/arquivos/0123456789abcdef0123456789abcdef.pdf?expira=1741612500&assinatura=MdQ8lhtxF3WfOxHv_jJBfg';
    expect(openServerLink(link)).toBe(true);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}${link}`, '_blank', 'noopener,noreferrer');
  });

  it('resolves a relative link on our own origin', () => {
    expect(openServerLink('/wslinhafrente/v1/arquivos/abc.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/wslinhafrente/v1/arquivos/abc.pdf`, '_blank', 'noopener,noreferrer');
    expect(openServerLink('arquivos/abc.pdf')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    '  JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://portal.test/uuid',
    'https://evil.example/x',
    '//evil.example/x',
    '\\\\evil.example\\x',
    '/\\evil.example/x',
    'https:evil.example',
    'http:/evil.example',
    '/\t/evil.example/x',
    `${window.location.origin}\\@evil.example/x`,
  ])('refuses %j with a toast and a console log, and opens nothing', (link) => {
    expect(openServerLink(link)).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(UNSAFE_LINK_MESSAGE);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Link recusado'), link);
  });
});

describe('safeDocumentUrl', () => {
  const page = 'https://portal.test/#/acompanhamento';
  const hosts = documentOrigins('https://docs.operadora.test, not a url, ftp://files.test, http://legacy.test:8080/');

  it('reads the configured document hosts as origins, leaving out anything else', () => {
    expect(hosts).toEqual(['https://docs.operadora.test', 'http://legacy.test:8080']);
  });

  it("accepts the portal's origin and the configured document hosts only", () => {
    expect(safeDocumentUrl('https://portal.test/a.pdf', page, hosts)?.href).toBe('https://portal.test/a.pdf');
    expect(safeDocumentUrl('/a.pdf', page, hosts)?.href).toBe('https://portal.test/a.pdf');
    expect(safeDocumentUrl('https://docs.operadora.test/t/1.pdf', page, hosts)?.href).toBe('https://docs.operadora.test/t/1.pdf');
    expect(safeDocumentUrl('http://legacy.test:8080/x.pdf', page, hosts)?.href).toBe('http://legacy.test:8080/x.pdf');
    expect(safeDocumentUrl('http://portal.test/a.pdf', page, hosts)).toBeNull();
    expect(safeDocumentUrl('https://docs.operadora.test.evil.example/x', page, hosts)).toBeNull();
    expect(safeDocumentUrl('https://user:pw@portal.test/a.pdf', page, hosts)).toBeNull();
    expect(safeDocumentUrl('https://evil.example/x', page, [])).toBeNull();
  });

  it("refuses the spellings a browser would read as another host, whatever the page's scheme", () => {
    for (const base of [page, 'http://portal.test/']) {
      for (const link of ['//evil.example/x', '\\\\evil.example\\x', '/\\evil.example/x', 'https:evil.example', 'http:evil.example']) {
        expect(safeDocumentUrl(link, base, hosts)).toBeNull();
      }
    }
  });
});
