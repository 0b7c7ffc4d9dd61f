/** What the home screen and the layout load: plan images, operator name, tooltips, the privacy notice. */
import { OPERATOR_NAME_KEY } from '../../contract/api.ts';
import type { EndpointHandlers } from '../http/endpoints.ts';
import { notFound } from '../http/http-error.ts';
import { findOperator } from '../services/operators.ts';

type HomeHandlers = Pick<EndpointHandlers, 'setting' | 'operatorKey' | 'tooltips' | 'privacy'>;

export const homeHandlers: HomeHandlers = {
  async setting({ chave, cdEmpresaPlano }, ctx) {
    const [row] = await ctx.deps.db.query<{ valor: string }>('SELECT valor FROM settings WHERE chave = $1 AND cd_empresa_plano = $2', [
      chave,
      Number(cdEmpresaPlano),
    ]);
    if (!row) throw notFound(`Plano ${cdEmpresaPlano} não encontrado ou sem esta configuração.`);
    // Settings hold either an absolute URL (an image hosted elsewhere) or a path we serve.
    return /^https?:\/\//i.test(row.valor) ? row.valor : ctx.apiUrl(row.valor);
  },

  async operatorKey({ cdTipo, cdEmpresaPlano }, ctx) {
    if (cdTipo !== OPERATOR_NAME_KEY) throw notFound(`Chave ${cdTipo} não disponível; use ${OPERATOR_NAME_KEY} (nome da operadora).`);
    const operator = await findOperator(ctx.deps.db, Number(cdEmpresaPlano));
    if (!operator) throw notFound(`Plano ${cdEmpresaPlano} não encontrado.`);
    return operator.nm_operadora;
  },

  async privacy({ cdEmpresaPlano }, ctx) {
    const [row] = await ctx.deps.db.query<{
      controlador: string;
      finalidade: string;
      dados: string;
      retencao: string;
      compartilhamento: string;
      direitos: string;
      encarregado: string;
      contato: string;
    }>(
      `SELECT o.nm_operadora AS controlador, p.ds_finalidade AS finalidade, p.ds_dados AS dados, p.ds_retencao AS retencao,
              p.ds_compartilhamento AS compartilhamento, p.ds_direitos AS direitos, p.ds_encarregado AS encarregado,
              p.ds_contato AS contato
         FROM privacy_texts p JOIN operators o USING (cd_empresa_plano)
        WHERE p.cd_empresa_plano = $1`,
      [Number(cdEmpresaPlano)],
    );
    if (!row) throw notFound(`Plano ${cdEmpresaPlano} não encontrado ou sem aviso de privacidade.`);
    // What this server itself deletes, and when (RETENTION_DAYS): said by the server, so the notice
    // never promises a time the purge does not keep (found by an exploratory run: '5 anos' against 365 days).
    return { ...row, retencao: `${row.retencao} ${portalRetention(ctx.deps.retentionDays)}` };
  },

  async tooltips(_input, ctx) {
    return ctx.deps.db.query<{ nmCampo: string; dsDescricao: string }>(
      'SELECT nm_campo AS "nmCampo", ds_descricao AS "dsDescricao" FROM tooltips ORDER BY nm_campo',
    );
  },
};

/** The portal's own purge (services/purge.ts), in the privacy notice's words. */
export function portalRetention(days: number): string {
  return `Os documentos enviados e as mensagens da solicitação são apagados deste portal ${days} ${days === 1 ? 'dia' : 'dias'} depois que ela termina (recusada, cancelada ou com o contrato ativo).`;
}
