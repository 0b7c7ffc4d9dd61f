/**
 * The short privacy notice shown where personal data or documents are asked (wizard steps 1
 * and 5, LGPD art. 9), in two layers. The first never changes size: it names the law, and
 * its 'Quem trata os seus dados e para quê' opens the operator's own texts (from the server:
 * the controller and the purpose, what is kept and how long, who receives it, the data
 * subject's rights, the officer's contact). The texts arrive after the screen has painted,
 * so growing the first layer would push the form down under a finger about to tap it.
 * The last line links to the full page.
 */
import { usePrivacyNotice } from '../../flows/privacy/use-privacy-notice';

export function PrivacyNotice({ about }: { about: 'dados' | 'documentos' }) {
  const { notice, failed } = usePrivacyNotice();
  const what = about === 'dados' ? 'Os dados pessoais pedidos aqui' : 'Os documentos enviados aqui';
  return (
    <aside
      aria-label="Aviso de privacidade"
      className="space-y-2 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700"
      data-testid="privacy-notice"
    >
      <p>{what} são tratados conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).</p>
      <details>
        <summary className="cursor-pointer font-medium text-brand-700">Quem trata os seus dados e para quê</summary>
        {notice ? (
          <dl className="mt-2 space-y-1">
            <dt className="font-semibold">Controladora dos dados</dt>
            <dd>{notice.controlador}</dd>
            <dt className="font-semibold">Finalidade</dt>
            <dd>{notice.finalidade}</dd>
            <dt className="font-semibold">O que guardamos e por quanto tempo</dt>
            <dd>{notice.dados}</dd>
            <dt className="font-semibold">Com quem compartilhamos</dt>
            <dd>{notice.compartilhamento}</dd>
            <dt className="font-semibold">Seus direitos</dt>
            <dd>{notice.direitos}</dd>
            <dt className="font-semibold">Encarregado de proteção de dados</dt>
            <dd className="break-words">{notice.contato}</dd>
          </dl>
        ) : (
          <p className="mt-2" role="status">
            {failed
              ? 'Não foi possível carregar o aviso da operadora agora. Ele está no aviso completo, abaixo.'
              : 'Carregando o aviso da operadora…'}
          </p>
        )}
      </details>
      <p>
        <a href="#/privacidade" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          Aviso de privacidade completo (abre em nova aba)
        </a>
      </p>
    </aside>
  );
}
