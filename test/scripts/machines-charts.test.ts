/**
 * The charts in docs/machines/*.md draw right. Mermaid puts a state inside the box where an
 * arrow that mentions it is written: an arrow written in a box whose direct children do not
 * include both its ends pulls a state out of its parent. So every arrow must stand in the box
 * (and, in a parallel state, the region) that holds both its ends as direct children. And each
 * arrow the .md writes is drawn in the .svg beside it (Mermaid drops some, e.g. a second loop
 * on the same state).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../../scripts/machines-export';
import { chartOf } from '../../scripts/machines-export/mermaid';
import { arrowLabels, drawnLabels, mermaidOf, nestingProblems } from './support/mermaid-charts';
import { trickyMachine } from './support/tricky-machine';

// README.md is the index of the charts, not one of them.
const charts = readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort();

describe('the nesting check', () => {
  it('fails an arrow that pulls a nested state out of its box (the old home chart)', () => {
    const misdrawn = [
      'stateDiagram-v2',
      '  state "track" as home_track',
      '  state home_track {',
      '    state "editing" as home_track_editing',
      '    state "login" as home_track_login',
      '    state home_track_login {',
      '      state "editing" as home_track_login_editing',
      '    }',
      '    home_track_login_editing --> home_track_editing : PROTOCOL_CHANGED',
      '  }',
    ].join('\n');
    expect(nestingProblems(misdrawn)).toEqual([
      '"home_track_login_editing --> home_track_editing : PROTOCOL_CHANGED" stands in home_track but home_track_login_editing is drawn in home_track_login',
    ]);
  });

  it('fails an arrow across the regions of a parallel state', () => {
    const misdrawn = ['state "p" as p', 'state p {', '  state "a" as a', '  --', '  state "b" as b', '  a --> b : GO', '}'].join('\n');
    expect(nestingProblems(misdrawn)).toEqual(['"a --> b : GO" stands in p#1 but a is drawn in p']);
  });

  it('passes an arrow drawn on the box that holds the nested state', () => {
    const drawn = [
      'state "track" as t',
      'state t {',
      '  state "editing" as e',
      '  state "login" as l',
      '  state l {',
      '    [*] --> le',
      '    state "editing" as le',
      '  }',
      '  l --> e : PROTOCOL_CHANGED (from login.editing)',
      '}',
    ].join('\n');
    expect(nestingProblems(drawn)).toEqual([]);
  });
});

describe('the export draws every shape of transition inside the right box', () => {
  const { one, two } = trickyMachine.root.states;
  const charts = [
    chartOf(trickyMachine, 'tricky'),
    chartOf(trickyMachine, 'tricky', one),
    chartOf(trickyMachine, 'tricky', two),
    chartOf(trickyMachine, 'tricky', one!.states.y),
  ];

  it('no arrow of the whole chart or of a region chart pulls a state out of its box', () => {
    expect(charts.map((chart) => nestingProblems(chart.mermaid))).toEqual([[], [], [], []]);
  });

  it('names the real source and target of an arrow drawn on a box, and delays by name', () => {
    const labels = charts[0]!.mermaid
      .split('\n')
      .map((line) => line.split(' : ')[1])
      .filter(Boolean)
      .flatMap((l) => l!.split('<br/>'));
    expect(labels).toEqual(
      expect.arrayContaining([
        'INTO [isReady or not isLate] (to y.deep)',
        'KEEP',
        'UP (to one)',
        'after pause',
        'done load (from y.deep)',
        'AWAY (from one.x to two.p.left)',
        'error load (from one.y.deep)',
        'CROSS (from p.left to p.right)',
      ]),
    );
  });

  it('writes an event that keeps a simple state inside the state, with its actions, not as a loop', () => {
    expect(charts[0]!.mermaid).toContain('tricky_two_p_left : LOOP / remember');
    expect(charts[0]!.mermaid).not.toMatch(/tricky_two_p_left --> tricky_two_p_left/);
  });

  it('lists what no arrow can show: the transitions of the machine itself', () => {
    expect(charts[0]!.rows).toEqual(['| `(root)` | RESET | `one` | — |', '| `(root)` | PING | stays | `remember` |']);
  });

  it('draws the states outside a region as stand-ins named by their path', () => {
    expect(charts[1]!.mermaid).toContain('state "two.p.left" as out_tricky_two_p_left');
    expect(charts[2]!.mermaid).toContain('out_tricky_one_x --> tricky_two : AWAY (to two.p.left)');
  });
});

describe('every chart in docs/machines draws each state inside its parent', () => {
  it('finds the charts', () => {
    expect(charts.length).toBeGreaterThanOrEqual(5);
  });

  for (const name of charts) {
    const mermaid = mermaidOf(readFileSync(join(DOCS_DIR, name), 'utf8'));

    it(`${name}: every arrow stands in the box of both its ends`, () => {
      expect(mermaid, `${name} has a Mermaid chart`).toMatch(/^stateDiagram-v2\n/);
      expect(nestingProblems(mermaid)).toEqual([]);
    });

    it(`${name}: the picture beside it draws every arrow it writes`, () => {
      const svg = readFileSync(join(DOCS_DIR, name.replace(/\.md$/, '.svg')), 'utf8');
      const drawn = drawnLabels(svg);
      expect(arrowLabels(mermaid).filter((label) => !drawn.has(label))).toEqual([]);
    });
  }
});
