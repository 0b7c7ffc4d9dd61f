// Is a build output current? A build writes, next to its output, a stamp listing every
// input file with its size and modification time; the output is current while the same
// files exist with the same size and time. Touching, editing, adding or deleting an input
// (a source, a machine, a build script, the lockfile, a config) makes it stale.
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `paths` (files or folders, relative to `root`), sorted, relative to `root`. */
export function listInputs(root, paths) {
  const files = [];
  const walk = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (!statSync(full).isDirectory()) return void files.push(path);
    for (const name of readdirSync(full)) walk(join(path, name));
  };
  for (const path of paths) walk(path);
  return [...new Set(files.map((file) => file.split('\\').join('/')))].sort();
}

function describe(root, files, extra) {
  const lines = files.map((file) => {
    const full = join(root, file);
    if (!existsSync(full)) return `${file}\tmissing`;
    const stat = statSync(full);
    return `${file}\t${stat.size}\t${Math.round(stat.mtimeMs)}`;
  });
  return { files, state: [...lines, ...Object.entries(extra).map(([key, value]) => `${key}=${value}`)].join('\n') };
}

/** True when `stampFile` exists and every input it lists (and `extra`) is as it was. */
export function isCurrent(root, stampFile, { inputs, extra = {} }) {
  if (!existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    // Files the stamp knew plus files that appeared since under the watched folders.
    const files = [...new Set([...stamp.files, ...inputs])].sort();
    return describe(root, files, extra).state === stamp.state;
  } catch {
    return false;
  }
}

/** Records the inputs of a build that just succeeded. */
export function writeStamp(root, stampFile, { inputs, extra = {} }) {
  const temp = `${stampFile}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(describe(root, inputs, extra)));
  renameSync(temp, stampFile);
}
