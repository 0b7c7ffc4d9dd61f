// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../src/app/notify';
import { UNSAFE_LINK_MESSAGE, openServerLink, safeHttpUrl } from '../../src/app/open-link';

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

  it('opens an https link in a new tab without opener or referrer', () => {
    expect(openServerLink('https://portal.test/wslinhafrente/v1/arquivos/abc.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://portal.test/wslinhafrente/v1/arquivos/abc.pdf', '_blank', 'noopener,noreferrer');
    expect(toast).not.toHaveBeenCalled();
  });

  it('resolves a relative link on our own origin', () => {
    expect(openServerLink('/wslinhafrente/v1/arquivos/abc.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/wslinhafrente/v1/arquivos/abc.pdf`, '_blank', 'noopener,noreferrer');
  });

  it.each([
    'javascript:alert(1)',
    '  JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://portal.test/uuid',
  ])('refuses %j with a toast and a console log, and opens nothing', (link) => {
    expect(openServerLink(link)).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(UNSAFE_LINK_MESSAGE);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Link recusado'), link);
  });

  it('accepts only http and https URLs', () => {
    expect(safeHttpUrl('http://x.test/a')?.href).toBe('http://x.test/a');
    expect(safeHttpUrl('https://x.test/a')?.protocol).toBe('https:');
    expect(safeHttpUrl('ftp://x.test/a')).toBeNull();
    expect(safeHttpUrl('http://')).toBeNull();
  });
});
