/**
 * Where the ANS protocol comes from (issue 27 item 5), beside home's field for it: one line
 * that says what it is, and the Guia ANS steps in the browser's own disclosure (<details>: no
 * script in home's first load, opened by a tap, Enter or Space). The ANS site opens in a new
 * tab, and the link says so.
 */
import { ANS_PROTOCOL_DIGITS } from '../../../contract/rules';

export const ANS_SITE = 'https://www.gov.br/ans/pt-br';

export function AnsProtocolHelp({ id }: { id: string }) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p id={id}>
        O protocolo ANS tem {ANS_PROTOCOL_DIGITS} dígitos e é dado pela ANS no Guia ANS de Planos de Saúde, ao consultar planos para a
        portabilidade.
      </p>
      <details className="rounded-md border border-slate-300 bg-slate-50">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500">
          Como conseguir o protocolo ANS?
        </summary>
        <ol className="list-decimal space-y-1 pr-3 pb-3 pl-8">
          <li>Entre no site da ANS e abra o Guia ANS de Planos de Saúde.</li>
          <li>Escolha a opção de portabilidade de carências e informe os dados do seu plano atual.</li>
          <li>Escolha o plano para onde quer ir e gere o relatório de compatibilidade.</li>
          <li>O número do protocolo está no relatório: digite-o aqui.</li>
        </ol>
        <p className="px-3 pb-3">
          <a
            href={ANS_SITE}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center text-brand-700 underline"
          >
            Site da ANS (abre em nova aba)
          </a>
        </p>
      </details>
    </div>
  );
}
