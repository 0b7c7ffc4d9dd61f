/**
 * The words of a portability request that stall people (issue 27 item 5), one tap away on
 * every step: the browser's own disclosure (<details>), so it needs no script, is opened by
 * a tap, Enter or Space, and says whether it is open. Plain definitions, short.
 */
export const GLOSSARY: ReadonlyArray<readonly [term: string, meaning: string]> = [
  [
    'Carência',
    'Tempo de espera, depois de entrar em um plano, para usar certos atendimentos. Na portabilidade, você não cumpre de novo as carências que já cumpriu.',
  ],
  [
    'CPT (Cobertura Parcial Temporária)',
    'Por até 24 meses, o plano pode não cobrir cirurgias, leitos de alta tecnologia e exames complexos ligados a uma doença que você já tinha ao contratar.',
  ],
  ['Titularidade', 'Quem responde pelo contrato: o titular contrata o plano; os dependentes entram ligados a ele.'],
  ['Abrangência', 'Onde o plano atende: um município, um grupo de municípios, um estado, um grupo de estados ou todo o país.'],
];

export function Glossary() {
  return (
    <details className="rounded-md border border-slate-300 bg-slate-50 text-sm text-slate-800">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500">
        O que significam carência, CPT, titularidade e abrangência?
      </summary>
      <dl className="space-y-2 px-3 pb-3">
        {GLOSSARY.map(([term, meaning]) => (
          <div key={term}>
            <dt className="font-semibold">{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
