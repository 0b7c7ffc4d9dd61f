import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { APP_PLACEHOLDER, paintFirst } from '../../scripts/vite-paint-first.ts';

const built = `<html><head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/style-C.css">
  </head><body><script>start(${APP_PLACEHOLDER})</script></body></html>`;

function bundleWith(css: Record<string, string>): OutputBundle {
  const assets = Object.entries(css).map(([fileName, source]) => [fileName, { type: 'asset', fileName, source }]);
  return Object.fromEntries([['assets/index-A.js', { type: 'chunk', fileName: 'assets/index-A.js' }], ...assets]) as unknown as OutputBundle;
}

describe('index.html painted before the app loads', () => {
  it('inlines the one stylesheet and hands the entry and its preloads to the inline script', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{color:red}' });
    const html = paintFirst(built, bundle, '/');
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module"/);
    expect(html).toContain('start({"entry":"/assets/index-A.js","preload":["/assets/react-B.js"]})');
    // Only index.html carries the rules: the file is not written.
    expect(bundle['assets/style-C.css']).toBeUndefined();
  });

  it('fails the build when there is a second stylesheet it would not inline', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{}', 'assets/wizard-D.css': '.b{}' });
    expect(() => paintFirst(built, bundle, '/')).toThrow(/one stylesheet/);
  });

  it('refuses CSS that would close the style element early', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{content:"</style>"}' });
    expect(() => paintFirst(built, bundle, '/')).toThrow(/cannot be inlined/);
  });

  it('fails the build when index.html lost the table the inline script reads', () => {
    const bundle = bundleWith({ 'assets/style-C.css': '.a{}' });
    expect(() => paintFirst(built.replace(APP_PLACEHOLDER, '{}'), bundle, '/')).toThrow(/missing from index.html/);
  });
});
