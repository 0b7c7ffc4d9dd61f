/**
 * Reading a Mermaid state chart the way Mermaid lays it out, to judge the generated charts:
 * which box (and which region of a parallel state) each state is drawn in, where each arrow
 * stands, and which arrow labels an SVG drew.
 */
export function mermaidOf(markdown: string): string {
  return /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
}

const ARROW = /^(\S+)\s+-->\s+(\S+)(?:\s*:\s*(.*))?$/;

/** Every arrow whose ends are not both direct children of the box (and region) it stands in. */
export function nestingProblems(mermaid: string): string[] {
  const lines = mermaid
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // First pass: where each state is declared (box and, inside a parallel state, region).
  const home = new Map<string, string>();
  const problems: string[] = [];
  const walk = (visit: (line: string, where: string) => void) => {
    const stack: Array<{ box: string; region: number }> = [{ box: '(top)', region: 0 }];
    const where = () => `${stack.at(-1)!.box}#${stack.at(-1)!.region}`;
    for (const line of lines) {
      const open = /^state\s+(\S+)\s*\{$/.exec(line);
      if (open) {
        visit(`state "" as ${open[1]}`, where());
        stack.push({ box: open[1]!, region: 0 });
      } else if (line === '}') {
        stack.pop();
      } else if (line === '--') {
        stack.at(-1)!.region += 1;
      } else {
        visit(line, where());
      }
    }
  };
  walk((line, where) => {
    const declared = /^state\s+"[^"]*"\s+as\s+(\S+)$/.exec(line);
    if (!declared) return;
    const id = declared[1]!;
    const before = home.get(id);
    if (before && before !== where) problems.push(`${id} is declared in ${before} and in ${where}`);
    home.set(id, where);
  });
  walk((line, where) => {
    const arrow = ARROW.exec(line);
    if (!arrow) return;
    for (const end of [arrow[1]!, arrow[2]!]) {
      if (end === '[*]') continue;
      if (home.get(end) !== where) {
        problems.push(
          `"${line}" stands in ${where.replace(/#0$/, '')} but ${end} is ${home.has(end) ? `drawn in ${home.get(end)!.replace(/#0$/, '')}` : 'never declared'}`,
        );
      }
    }
  });
  return problems;
}

/** Each arrow's label, as the words Mermaid draws (line breaks and spaces aside). */
export function arrowLabels(mermaid: string): string[] {
  return mermaid
    .split('\n')
    .map((line) => ARROW.exec(line.trim())?.[3])
    .filter((label): label is string => Boolean(label))
    .map((label) => label.replace(/<br\/>/g, '').replace(/\s+/g, ''));
}

export function drawnLabels(svg: string): Set<string> {
  const labels = [...svg.matchAll(/<g class="edgeLabel"[^>]*>([\s\S]*?)<\/g><\/g><\/g>/g)].map((m) =>
    [...m[1]!.matchAll(/class="text-inner-tspan"[^>]*>([^<]*)<\/tspan>/g)]
      .map((t) => t[1])
      .join('')
      .replace(/\s+/g, ''),
  );
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return new Set(labels.map(unescape));
}
