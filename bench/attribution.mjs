// What costs what in a set of built chunks: reads each chunk's (hidden) source map and
// gives every byte of minified code to the source it came from, then groups sources by
// package (node_modules/<pkg>) or by app folder (src/<dir>/<sub-dir>, machines/<file>). The gzip figure
// of a group is its share of raw bytes times the chunk's gzip size — an estimate, good
// enough to see which library the first screen pays for.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

export function groupOf(source) {
  const path = source.replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  // App code: src/<folder>/<sub-folder or file>, machines/<file>.
  const app = path.match(/(?:^|\/)(src\/[^/]+\/[^/]+|machines\/[^/]+)$/) ?? path.match(/(?:^|\/)(src\/[^/]+\/[^/]+)\//);
  if (app) return app[1];
  if (/(^|\/)src\/[^/]+$/.test(path)) return `src/${path.split('/').pop()}`;
  if (path.includes('vite/') || path.includes('\0') || path.startsWith('vite')) return 'vite runtime';
  return path.split('/').slice(-2).join('/');
}

/** Bytes per source file for one chunk; unmapped bytes go to "(unmapped)". */
function attributeChunk(code, map) {
  const perSource = new Map();
  const add = (key, bytes) => perSource.set(key, (perSource.get(key) ?? 0) + bytes);
  const codeLines = code.split('\n');
  // Each line's segments: [generated column, source index, …], columns absolute.
  const mapLines = decode(map.mappings);
  codeLines.forEach((text, index) => {
    const segments = (mapLines[index] ?? []).map(([column, source]) => [column, source ?? -1]);
    if (!segments.length) {
      add('(unmapped)', Buffer.byteLength(text) + 1);
      return;
    }
    if (segments[0][0] > 0) add('(unmapped)', Buffer.byteLength(text.slice(0, segments[0][0])));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const bytes = Buffer.byteLength(text.slice(column, end)) + (i + 1 === segments.length ? 1 : 0);
      add(source >= 0 ? (map.sources[source] ?? '(unmapped)') : '(unmapped)', bytes);
    });
  });
  return perSource;
}

/**
 * For the given built JS paths (e.g. "/assets/index-abc.js"), the top groups by estimated
 * gzip bytes: [{ group, raw, gzip, files: { source: raw } }].
 */
export function attribute(buildDir, paths) {
  const groups = new Map();
  for (const path of paths) {
    const file = join(buildDir, path);
    if (!path.endsWith('.js') || !existsSync(file) || !existsSync(`${file}.map`)) continue;
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    const ratio = gzipSync(code, { level: 9 }).length / Math.max(1, Buffer.byteLength(code));
    for (const [source, raw] of attributeChunk(code, map)) {
      const group = source === '(unmapped)' ? '(unmapped)' : groupOf(source);
      const entry = groups.get(group) ?? { group, raw: 0, gzip: 0, sources: {} };
      entry.raw += raw;
      entry.gzip += raw * ratio;
      entry.sources[source] = (entry.sources[source] ?? 0) + raw;
      groups.set(group, entry);
    }
  }
  return [...groups.values()].map((g) => ({ ...g, gzip: Math.round(g.gzip) })).sort((a, b) => b.gzip - a.gzip);
}
