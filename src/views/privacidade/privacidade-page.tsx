/**
 * The full privacy page (`#/privacidade`, no session needed): the operator's notice under LGPD
 * art. 9 — controller, purpose, what is kept and for how long, sharing, the data subject's
 * rights and the data protection officer's contact. Texts are the operator's, from the server.
 */
import { usePrivacyNotice } from '../../flows/privacy/use-privacy-notice';
import { Button } from '../../ui/button';
import { PortalLayout } from '../layout/portal-layout';

const TITLE = 'Privacidade e proteção de dados';

export function PrivacidadePage() {
  const { notice, failed, retry } = usePrivacyNotice();
  const sections: ReadonlyArray<readonly [string, string | undefined]> = [
    ['Quem trata os seus dados', notice && `${notice.controlador}, a operadora do plano de destino, é a controladora dos dados.`],
    ['Para quê', notice?.finalidade],
    ['O que guardamos', notice?.dados],
    ['Por quanto tempo', notice?.retencao],
    ['Com quem compartilhamos', notice?.compartilhamento],
    ['Seus direitos', notice?.direitos],
    ['Fale com o encarregado', notice && `${notice.encarregado}: ${notice.contato}`],
  ];
  return (
    <PortalLayout title={TITLE} focusTitleOnEntry>
      <div className="space-y-4 rounded-md bg-white p-4 shadow-sm">
        <p>
          Este aviso segue a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018, art. 9) e explica como tratamos os dados da sua
          solicitação de portabilidade.
        </p>
        {failed ? (
          <div role="alert" className="space-y-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
            <p>Não foi possível carregar o aviso de privacidade.</p>
            <Button variant="secondary" onClick={retry}>
              Tentar novamente
            </Button>
          </div>
        ) : !notice ? (
          <p role="status">Carregando o aviso de privacidade…</p>
        ) : (
          sections.map(([heading, body], index) => (
            <section key={heading} aria-labelledby={`privacidade-${index}`}>
              <h2 id={`privacidade-${index}`} className="text-lg font-semibold text-brand-700">
                {heading}
              </h2>
              <p className="break-words">{body}</p>
            </section>
          ))
        )}
      </div>
    </PortalLayout>
  );
}

export default PrivacidadePage;
