/**
 * Pictures of the charts: each Mermaid chart rendered to SVG by mermaid-cli in the system
 * Chromium (never a downloaded browser), so the README and docs show them anywhere. Every
 * SVG opens with the hash of the Mermaid text it was drawn from: the export re-renders only
 * what changed, and the sync test checks the pictures are current without a browser.
 */
import { createHash } from 'node:crypto';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { separateLabels } from './overlap.ts';

/** A region chart wider than this is not readable on a screen (the export and a test refuse it). */
export const MAX_REGION_WIDTH = 2000;

/** Gaps between states side by side and between ranks, in px (part of what the hash covers). */
const SPACING = { node: 60, rank: 60 };

export function chartHash(mermaid: string): string {
  return createHash('sha256').update(`${SPACING.node} ${SPACING.rank}\n${mermaid}`).digest('hex');
}

const RECORD = /^<!-- mermaid sha256:([0-9a-f]{64}) -->\n/;

/** The hash recorded in an SVG written by this export, if any. */
export function recordedHash(svg: string): string | undefined {
  return RECORD.exec(svg)?.[1];
}

/** The drawing's width in px, from its viewBox. */
export function svgWidth(svg: string): number {
  const box = /<svg[^>]*\bviewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/.exec(svg);
  return box ? Number(box[1]) : Number.NaN;
}

export interface SvgRenderer {
  render(name: string, mermaid: string): Promise<string>;
  close(): Promise<void>;
}

export async function openRenderer(): Promise<SvgRenderer> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium não encontrado: rode `apt-get install -y chromium` (ou defina CHROMIUM_PATH).');
  const [{ default: puppeteer }, { renderMermaid }] = await Promise.all([import('puppeteer'), import('@mermaid-js/mermaid-cli')]);
  const browser = await puppeteer.launch({ executablePath, args: chromiumArgs, headless: true });
  return {
    async render(name, mermaid) {
      const { data } = await renderMermaid(browser, mermaid, 'svg', {
        svgId: name.replace(/[^A-Za-z0-9_-]/g, '-'),
        // Plain SVG text instead of HTML inside foreignObject: the picture reads the same in any viewer.
        // A little wider than Mermaid's 50 px, so that fewer labels need moving apart (separateLabels).
        mermaidConfig: {
          htmlLabels: false,
          flowchart: { htmlLabels: false },
          state: { nodeSpacing: SPACING.node, rankSpacing: SPACING.rank },
        },
      });
      return `<!-- mermaid sha256:${chartHash(mermaid)} -->\n${separateLabels(new TextDecoder().decode(data))}\n`;
    },
    close: () => browser.close(),
  };
}
