/**
 * Development only (#/maquinas, see src/app/app.tsx): the analysts' offline view of the
 * machines. For each machine, its chart (docs/machines/<flow>.svg) with the states the running
 * screens are in highlighted, and its spec sheet (the same rows as docs/machines/<flow>.md).
 * The actors live in this page: use a screen, come back here, and its machine shows the state
 * it was left in (src/app/live-machines.ts keeps the last one of each).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { specRows } from '../../../scripts/machines-export/spec-sheet';
import { liveMachines } from '../../app/live-machines';

const machineModules = import.meta.glob<Record<string, unknown>>('../../../machines/*.machine.ts');
const charts = import.meta.glob<string>('../../../docs/machines/*.svg', { query: '?raw', import: 'default' });

interface Flow {
  flow: string;
  machine: AnyStateMachine;
  svg: string | undefined;
}

async function loadFlows(): Promise<Flow[]> {
  const flows: Flow[] = [];
  for (const [path, load] of Object.entries(machineModules).sort()) {
    const flow = /([^/]+)\.machine\.ts$/.exec(path)![1]!;
    const machines = [...new Set(Object.values(await load()).filter((v): v is AnyStateMachine => v instanceof StateMachine))];
    for (const machine of machines) {
      const name = machines.length === 1 ? flow : `${flow}-${machine.id}`;
      const chart = charts[`../../../docs/machines/${name}.svg`];
      flows.push({ flow: name, machine, svg: chart ? await chart() : undefined });
    }
  }
  return flows;
}

/** A state's id as the chart names it (scripts/machines-export/mermaid.ts `mermaidId`). */
const mermaidId = (stateId: string) => stateId.replace(/[^A-Za-z0-9_]/g, '_');

/** The mermaid ids of the active states of a state value (every level, so the boxes light up too). */
function activeIds(machineId: string, value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [mermaidId([machineId, ...prefix, value].join('.'))];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
    mermaidId([machineId, ...prefix, key].join('.')),
    ...activeIds(machineId, inner, [...prefix, key]),
  ]);
}

/** The chart with a style that marks the current states (Mermaid names each state's group `…-state-<id>-<n>`). */
function highlighted(svg: string, ids: string[]): string {
  if (!ids.length) return svg;
  const rule = ids.map((id) => `[id*="-state-${id}-"] > rect, [id*="-state-${id}-"] > g > rect.outer`).join(',');
  return svg.replace(
    /<\/svg>\s*$/,
    `<style>${rule}{fill:#fde68a !important;stroke:#b45309 !important;stroke-width:3px !important}</style></svg>`,
  );
}

function MachineView({ flow }: { flow: Flow }) {
  useSyncExternalStore(liveMachines.subscribe, liveMachines.version);
  const value = liveMachines.valueOf(flow.machine.id);
  const rows = specRows(flow.machine);
  return (
    <section className="mb-12" aria-labelledby={`maquina-${flow.flow}`}>
      <h2 id={`maquina-${flow.flow}`} className="text-xl font-bold">
        {flow.flow} <code className="text-sm font-normal">({flow.machine.id})</code>
      </h2>
      <p className="my-2">
        Estado atual: <strong>{value === undefined ? 'nenhuma tela com esta máquina rodou nesta página' : JSON.stringify(value)}</strong>
      </p>
      {flow.svg ? (
        <div
          className="overflow-auto border"
          dangerouslySetInnerHTML={{ __html: highlighted(flow.svg, activeIds(flow.machine.id, value)) }}
        />
      ) : (
        <p>Sem gráfico: rode npm run machines:export.</p>
      )}
      <details className="mt-4">
        <summary>Ficha da máquina ({rows.length} transições)</summary>
        <table className="mt-2 text-xs">
          <thead>
            <tr>
              {['#', 'origem', 'gatilho', 'alt.', 'guarda', 'destino', 'ações', 'saída / entrada', 'SPEC', 'descrição'].map((h) => (
                <th key={h} className="border px-1 text-left">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {[
                  row.id,
                  row.source,
                  row.trigger,
                  row.alternative,
                  row.guard,
                  row.targets.join(', ') || 'fica',
                  row.actions.join(', '),
                  [row.exit.length ? `saída ${row.exit.join(', ')}` : '', row.entry.length ? `entrada ${row.entry.join(', ')}` : '']
                    .filter(Boolean)
                    .join(' · '),
                  row.spec.join(', '),
                  row.description,
                ].map((text, i) => (
                  <td key={i} className="border px-1 align-top">
                    {text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

export function MaquinasPage() {
  const [flows, setFlows] = useState<Flow[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadFlows().then((loaded) => live && setFlows(loaded));
    return () => {
      live = false;
    };
  }, []);
  return (
    <main className="p-4">
      <h1 className="mb-4 text-2xl font-bold">Máquinas (somente em desenvolvimento)</h1>
      <p className="mb-6">
        Cada máquina com seu gráfico e sua ficha. Os estados das telas que rodaram nesta página aparecem em destaque: abra uma tela, use-a e
        volte para cá.
      </p>
      {flows ? flows.map((flow) => <MachineView key={flow.flow} flow={flow} />) : <p>Carregando as máquinas…</p>}
    </main>
  );
}
