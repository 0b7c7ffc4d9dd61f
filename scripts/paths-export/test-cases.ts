/**
 * Manual test cases for testers, one per generated path (test/paths/framework/model.ts
 * `generatePaths`: a shortest path per transition, plus the models' journeys): numbered, in
 * pt-BR, with the preconditions, one step per event and what each step must show, and the
 * expected result — as Markdown to read and as CSV to import into a test-management tool.
 * Steps and results read the machine's own descriptions (pt-BR) of states and transitions.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What the export reads of a path (test/paths/framework/model.ts `MachinePath`). */
export interface PathLike {
  name: string;
  kind: 'shortest' | 'journey';
  start: { name: string; input?: unknown };
  events: ReadonlyArray<{ type: string } & Record<string, unknown>>;
  initial: unknown;
  expected: readonly unknown[];
  transitions: readonly (readonly string[])[];
}

export interface TestCase {
  /** `HOME-001`: the flow and the case's number in it. */
  id: string;
  title: string;
  preconditions: string[];
  steps: string[];
  expected: string;
}

const MAX_VALUE = 80;

/** A value as a tester types or sees it: short, one line. */
function valueText(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Every state node by its path (`track.login.editing`). */
function nodesByPath(machine: AnyStateMachine): Map<string, AnyStateNode> {
  const map = new Map<string, AnyStateNode>();
  const walk = (node: AnyStateNode) => {
    map.set(node.path.join('.'), node);
    Object.values(node.states as Record<string, AnyStateNode>).forEach(walk);
  };
  walk(machine.root);
  return map;
}

/** The descriptions of the machine's transitions, by the key the path generator uses (`state|event|index`). */
function transitionDescriptions(machine: AnyStateMachine): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of nodesByPath(machine).values()) {
    type Def = { description?: string };
    const groups: Array<[string, Def[]]> = [
      ...([...(node.transitions as Map<string, Def[]>).entries()] as Array<[string, Def[]]>),
      ['(always)', (node.always ?? []) as Def[]],
    ];
    for (const [eventType, list] of groups) {
      list.forEach((t, index) => {
        if (t.description) map.set(`${node.path.join('.')}|${eventType}|${index}`, t.description);
      });
    }
  }
  return map;
}

/** The active leaf states of a state value, by path. */
function leafPaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]));
  }
  return [prefix.join('.')];
}

/** `track.login.editing (Digitando CPF e Senha…)`: where the machine is, with what the state means. */
function stateText(value: unknown, nodes: Map<string, AnyStateNode>): string {
  return leafPaths(value)
    .map((path) => {
      const description = nodes.get(path)?.description;
      return description ? `${path} (${description})` : path;
    })
    .join('; ');
}

/** One event as a step a tester performs or brings about. */
export function eventStep(event: { type: string } & Record<string, unknown>): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `O servidor responde com sucesso à chamada ${done[1]}${'output' in event ? `, com ${valueText(event.output)}` : ''}.`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) return `A chamada ${failed[1]} falha (o servidor responde com erro, também nas novas tentativas).`;
  const delay = /^xstate\.after\.([^.]+)/.exec(event.type);
  if (delay) return `Aguardar o tempo ${delay[1]} passar, sem fazer nada.`;
  const fields = Object.entries(event).filter(([key]) => key !== 'type');
  return `Fazer ${event.type}${fields.length ? ` com ${fields.map(([key, value]) => `${key} = ${valueText(value)}`).join(', ')}` : ''}.`;
}

function titleOf(path: PathLike, flow: string, descriptions: Map<string, string>): string {
  if (path.kind === 'journey') return `${flow}: jornada "${path.name}"`;
  const key = path.name.replace(/^shortest to /, '');
  const [source, eventType, index] = key.split('|');
  const description = descriptions.get(key);
  const event = eventType === '(always)' ? 'passagem automática' : eventType;
  return `${flow}: em ${source || '(raiz)'}, ${event} (alternativa ${Number(index) + 1})${description ? ` — ${description}` : ''}`;
}

/** The test cases of one flow, numbered in the order the paths come. */
export function testCases(flow: string, machine: AnyStateMachine, paths: readonly PathLike[]): TestCase[] {
  const nodes = nodesByPath(machine);
  const descriptions = transitionDescriptions(machine);
  const prefix = flow.toUpperCase().replace(/[^A-Z0-9]+/g, '-');
  return paths.map((path, index) => {
    const steps = path.events.map((event, i) => {
      const taken = (path.transitions[i] ?? []).map((key) => descriptions.get(key)).filter(Boolean);
      const why = taken.length ? ` Regra: ${taken.join(' ')}` : '';
      return `${i + 1}. ${eventStep(event)} Esperado: ${stateText(path.expected[i], nodes)}.${why}`;
    });
    const last = path.expected.at(-1) ?? path.initial;
    const lastRules = (path.transitions.at(-1) ?? []).map((key) => descriptions.get(key)).filter(Boolean);
    return {
      id: `${prefix}-${String(index + 1).padStart(3, '0')}`,
      title: titleOf(path, flow, descriptions),
      preconditions: [
        `Fluxo ${flow} (machines/${flow}.machine.ts), aberto pelo início "${path.start.name}"${
          path.start.input === undefined ? '' : ` com ${valueText(path.start.input)}`
        }.`,
        `Estado inicial: ${stateText(path.initial, nodes)}.`,
      ],
      steps: steps.length ? steps : ['1. Abrir a tela e não fazer nada.'],
      expected: `A tela fica em ${stateText(last, nodes)}.${lastRules.length ? ` ${lastRules.join(' ')}` : ''}`,
    };
  });
}

/* ---------------------------------------------------------------- writing */

export function casesMarkdown(flow: string, cases: readonly TestCase[]): string {
  return [
    `# Casos de teste: ${flow}`,
    '',
    'Gerado por `npm run paths:export` a partir dos caminhos de test/paths — não edite. Um caso por caminho',
    'gerado (o mais curto até cada transição da máquina, e as jornadas escritas à mão).',
    '',
    ...cases.flatMap((c) => [
      `## ${c.id} — ${c.title}`,
      '',
      '**Pré-condições**',
      '',
      ...c.preconditions.map((p) => `- ${p}`),
      '',
      '**Passos**',
      '',
      ...c.steps,
      '',
      '**Resultado esperado**',
      '',
      c.expected,
      '',
    ]),
  ].join('\n');
}

/** RFC 4180: every field quoted, quotes doubled; lines inside a field stay (importers read them as one cell). */
const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;

export const CSV_COLUMNS = ['ID', 'Título', 'Pré-condições', 'Passos', 'Resultado esperado'] as const;

export function casesCsv(cases: readonly TestCase[]): string {
  const rows = cases.map((c) => [c.id, c.title, c.preconditions.join('\n'), c.steps.join('\n'), c.expected].map(csvField).join(','));
  return `${[CSV_COLUMNS.map(csvField).join(','), ...rows].join('\r\n')}\r\n`;
}

export function indexMarkdown(flows: ReadonlyArray<{ flow: string; count: number }>): string {
  return [
    '# Casos de teste manuais',
    '',
    'Gerado por `npm run paths:export` — não edite. Um caso por caminho gerado em test/paths (os mesmos que',
    'os testes automáticos percorrem), em português, com passos e resultado esperado.',
    '',
    'Para importar numa ferramenta de gestão de testes: [casos-de-teste.csv](casos-de-teste.csv) (UTF-8,',
    `separado por vírgulas, colunas ${CSV_COLUMNS.join(', ')}).`,
    '',
    '| fluxo | casos |',
    '|---|---|',
    ...flows.map(({ flow, count }) => `| [${flow}](${flow}.md) | ${count} |`),
    '',
  ].join('\n');
}
