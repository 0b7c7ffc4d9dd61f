/** The new-request wizard screen (SPEC §2 "nova-solicitacao"). */
import { PortalLayout } from '../layout/portal-layout';

export function NovaSolicitacaoPage() {
  return <PortalLayout title="Nova Solicitação">{null}</PortalLayout>;
}

export default NovaSolicitacaoPage;
