/**
 * The short privacy notice shown where personal data or documents are asked (wizard steps 1
 * and 5): who controls the data, why, and a link to the full page. Texts are the operator's,
 * from the server; while they load (or if they fail) the notice still names the law and links on.
 */
import { usePrivacyNotice } from '../../flows/privacy/use-privacy-notice';

export function PrivacyNotice({ about }: { about: 'dados' | 'documentos' }) {
  const { notice } = usePrivacyNotice();
  const what = about === 'dados' ? 'Os dados pessoais pedidos aqui' : 'Os documentos enviados aqui';
  return (
    <aside
      aria-label="Aviso de privacidade"
      className="rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700"
      data-testid="privacy-notice"
    >
      <p>
        {what} são tratados conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018)
        {notice ? (
          <>
            {' '}
            pela <strong>{notice.controlador}</strong>, controladora dos dados. Finalidade: {notice.finalidade} Contato do encarregado:{' '}
            <span className="break-all">{notice.contato}</span>.
          </>
        ) : (
          '.'
        )}{' '}
        <a href="#/privacidade" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          Aviso de privacidade completo (abre em nova aba)
        </a>
      </p>
    </aside>
  );
}
