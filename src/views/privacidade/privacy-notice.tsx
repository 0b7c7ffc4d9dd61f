/**
 * The short privacy notice shown where personal data or documents are asked (wizard steps 1
 * and 5, LGPD art. 9): who controls the data and why, what is kept and how long, who receives
 * it, the data subject's rights and the officer's contact (folded under 'Mais sobre os seus
 * dados'), and a link to the full page. Texts are the operator's, from the server; while they
 * load (or if they fail) the notice still names the law and links on.
 */
import { usePrivacyNotice } from '../../flows/privacy/use-privacy-notice';

export function PrivacyNotice({ about }: { about: 'dados' | 'documentos' }) {
  const { notice } = usePrivacyNotice();
  const what = about === 'dados' ? 'Os dados pessoais pedidos aqui' : 'Os documentos enviados aqui';
  return (
    <aside
      aria-label="Aviso de privacidade"
      className="space-y-2 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700"
      data-testid="privacy-notice"
    >
      <p>
        {what} são tratados conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018)
        {notice ? (
          <>
            {' '}
            pela <strong>{notice.controlador}</strong>, controladora dos dados. Finalidade: {notice.finalidade}
          </>
        ) : (
          '.'
        )}
      </p>
      {notice && (
        <details>
          <summary className="cursor-pointer font-medium text-brand-700">Mais sobre os seus dados</summary>
          <dl className="mt-2 space-y-1">
            <dt className="font-semibold">O que guardamos e por quanto tempo</dt>
            <dd>{notice.dados}</dd>
            <dt className="font-semibold">Com quem compartilhamos</dt>
            <dd>{notice.compartilhamento}</dd>
            <dt className="font-semibold">Seus direitos</dt>
            <dd>{notice.direitos}</dd>
            <dt className="font-semibold">Encarregado de proteção de dados</dt>
            <dd className="break-words">{notice.contato}</dd>
          </dl>
        </details>
      )}
      <p>
        <a href="#/privacidade" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          Aviso de privacidade completo (abre em nova aba)
        </a>
      </p>
    </aside>
  );
}
