/**
 * Arrow labels that overlap in a drawn chart. Mermaid's layout sometimes puts two labels on
 * top of each other (a reader then cannot tell which words belong to which arrow): the export
 * and a test read each label's box from the SVG and refuse a chart where two boxes intersect.
 */

export interface LabelBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the label's `<g class="edgeLabel" …>` tag starts and ends in the SVG text, and its own translation. */
  tag: { start: number; end: number; dx: number; dy: number };
}

const TAG = /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>|([^<]+)/g;
const TRANSLATE = /transform="translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)"/;
const attribute = (attrs: string, name: string) => Number(new RegExp(`\\b${name}="([-\\d.e]+)"`).exec(attrs)?.[1] ?? Number.NaN);

/** Every arrow label drawn in the SVG, with its box in the picture's coordinates. */
export function labelBoxes(svg: string): LabelBox[] {
  const boxes: LabelBox[] = [];
  // Each open element: its own translation, and the label it opens (if an edge label).
  const stack: Array<{ tag: string; dx: number; dy: number; label?: LabelBox }> = [];
  const offset = () => stack.reduce((sum, entry) => ({ x: sum.x + entry.dx, y: sum.y + entry.dy }), { x: 0, y: 0 });
  const label = () => [...stack].reverse().find((entry) => entry.label)?.label;
  for (const match of svg.matchAll(TAG)) {
    const [, closing, tag, attrs = '', selfClosing, text] = match;
    if (text !== undefined) {
      const open = label();
      if (open && stack.at(-1)?.tag === 'tspan') open.text += text;
      continue;
    }
    if (closing) {
      const entry = stack.pop();
      if (entry?.label && entry.label.text.trim() && Number.isFinite(entry.label.width)) boxes.push(entry.label);
      continue;
    }
    const move = TRANSLATE.exec(attrs);
    const entry: { tag: string; dx: number; dy: number; label?: LabelBox } = {
      tag: tag!,
      dx: move ? Number(move[1]) : 0,
      dy: move ? Number(move[2]) : 0,
    };
    if (tag === 'g' && /class="edgeLabel"/.test(attrs)) {
      const start = match.index;
      entry.label = {
        text: '',
        x: 0,
        y: 0,
        width: Number.NaN,
        height: Number.NaN,
        tag: { start, end: start + match[0].length, dx: entry.dx, dy: entry.dy },
      };
    }
    if (tag === 'rect' && /class="background"/.test(attrs)) {
      const open = label();
      const width = attribute(attrs, 'width');
      if (open && Number.isFinite(width)) {
        const at = offset();
        open.x = at.x + entry.dx + attribute(attrs, 'x');
        open.y = at.y + entry.dy + attribute(attrs, 'y');
        open.width = width;
        open.height = attribute(attrs, 'height');
      }
    }
    if (!selfClosing) stack.push(entry);
  }
  return boxes;
}

type Box = Pick<LabelBox, 'x' | 'y' | 'width' | 'height'>;

/** Whether two boxes intersect by more than a pixel (touching edges pass). */
function intersect(a: Box, b: Box): boolean {
  const SLACK = 1;
  return !(a.x + a.width <= b.x + SLACK || b.x + b.width <= a.x + SLACK || a.y + a.height <= b.y + SLACK || b.y + b.height <= a.y + SLACK);
}

/** Pairs of labels whose boxes intersect. */
export function overlappingLabels(svg: string): Array<[string, string]> {
  const boxes = labelBoxes(svg);
  const overlaps: Array<[string, string]> = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) if (intersect(a, b)) overlaps.push([a.text.trim(), b.text.trim()]);
  });
  return overlaps;
}

/**
 * The SVG with every label that lands on another moved to the nearest free place (up, down,
 * left or right, a few pixels at a time): Mermaid places the label of an arrow into or out of
 * a box at the middle of its path, where two such arrows often meet.
 */
export function separateLabels(svg: string): string {
  const GAP = 4;
  const STEP = 6;
  const placed: Box[] = [];
  const moves: Array<{ label: LabelBox; x: number; y: number }> = [];
  for (const label of labelBoxes(svg)) {
    let free: { x: number; y: number } | undefined;
    for (let distance = 0; !free && distance <= 2000; distance += STEP) {
      const tries =
        distance === 0
          ? [[0, 0]]
          : [
              [0, distance],
              [0, -distance],
              [distance, 0],
              [-distance, 0],
            ];
      for (const [x, y] of tries as Array<[number, number]>) {
        const box = { x: label.x + x - GAP / 2, y: label.y + y - GAP / 2, width: label.width + GAP, height: label.height + GAP };
        if (!placed.some((other) => intersect(box, other))) {
          free = { x, y };
          break;
        }
      }
    }
    const { x, y } = free ?? { x: 0, y: 0 };
    placed.push({ x: label.x + x - GAP / 2, y: label.y + y - GAP / 2, width: label.width + GAP, height: label.height + GAP });
    if (x || y) moves.push({ label, x, y });
  }
  // Rewrite from the end so that earlier offsets stay right.
  let out = svg;
  for (const { label, x, y } of moves.sort((a, b) => b.label.tag.start - a.label.tag.start)) {
    const { start, end, dx, dy } = label.tag;
    const tag = out.slice(start, end);
    const moved = `transform="translate(${+(dx + x).toFixed(3)}, ${+(dy + y).toFixed(3)})"`;
    const rewritten = /transform="translate\([^)]*\)"/.test(tag)
      ? tag.replace(/transform="translate\([^)]*\)"/, moved)
      : tag.replace(/^<g/, `<g ${moved}`);
    out = out.slice(0, start) + rewritten + out.slice(end);
  }
  return out;
}
