import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { inlineStylesheet } from '../../scripts/vite-inline-stylesheet.ts';

const built = `<html><head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/style-C.css">
  </head><body></body></html>`;

function bundleWith(css: Record<string, string>): OutputBundle {
  const assets = Object.entries(css).map(([fileName, source]) => [fileName, { type: 'asset', fileName, source }]);
  return Object.fromEntries([
    ['assets/index-A.js', { type: 'chunk', fileName: 'assets/index-A.js' }],
    ...assets,
  ]) as unknown as OutputBundle;
}

describe('index.html carries its stylesheet', () => {
  it('inlines the one stylesheet and leaves the entry and its preloads where Vite put them', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{color:red}' });
    const html = inlineStylesheet(built, bundle, '/');
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-B.js">');
    // Only index.html carries the rules: the file is not written.
    expect(bundle['assets/style-C.css']).toBeUndefined();
  });

  it('fails the build when there is a second stylesheet it would not inline', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{}', 'assets/wizard-D.css': '.b{}' });
    expect(() => inlineStylesheet(built, bundle, '/')).toThrow(/one stylesheet/);
  });

  it('refuses CSS that would close the style element early', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{content:"</style>"}' });
    expect(() => inlineStylesheet(built, bundle, '/')).toThrow(/cannot be inlined/);
  });
});
