/** GET portabilidade/utils/contato: where a person can be reached at the plan's operator (issue 26). */
import type { EndpointHandlers } from '../http/endpoints.ts';
import { notFound } from '../http/http-error.ts';
import { findOperatorContact } from '../services/operator-contact.ts';

export const contactHandlers: Pick<EndpointHandlers, 'contact'> = {
  async contact({ cdEmpresaPlano }, ctx) {
    const contact = await findOperatorContact(ctx.deps.db, Number(cdEmpresaPlano));
    if (!contact) throw notFound(`Plano ${cdEmpresaPlano} não encontrado.`);
    return contact;
  },
};
