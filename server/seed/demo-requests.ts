/**
 * Demo requests, one per tracking situation, created on a fresh database so every screen
 * can be tried at once. Their protocols are fixed (printed at start to a terminal, never to a
 * log, and listed in server/README.md); real requests always get random ones. Password = last 6 digits.
 */
import type { Executor } from '../db/database.ts';
import type { PortabilityRequest } from '../../contract/api.ts';
import { ANS_PROTOCOL_DIGITS } from '../../contract/rules.ts';
import type { FileStore } from '../services/file-store.ts';
import { renderPdf } from '../services/pdf.ts';
import { changeStatusIn, createRequest, type StatusChange } from '../services/requests.ts';
import { STATUS } from '../services/status.ts';
import { addDays, formatDate } from '../services/dates.ts';
import { isoDateOf, saveDecision, type DecisionChange } from '../services/operator-decision.ts';

/**
 * What the operator decided, in days from the seed's day (so the demo's dates stay ahead of
 * whoever tries it): plan, start of coverage, monthly price, last day to cancel the old plan,
 * or the reason of a refusal.
 */
interface DemoDecision {
  registroPlano?: string;
  startInDays?: number;
  valorCentavos?: number;
  cancelInDays?: number;
  motivo?: string;
}

interface Demo {
  nuProtocolo: string;
  nome: string;
  cpf: string;
  cdEmpresaPlano: '1' | '2';
  plan: readonly [string, string];
  /** Status changes after the request was filed, one per day. */
  steps: readonly StatusChange[];
  decision?: DemoDecision;
  note: string;
}

export const DEMOS: readonly Demo[] = [
  {
    nuProtocolo: '48213907561238470015',
    nome: 'MARIA APARECIDA DOS SANTOS',
    cpf: '52998224725',
    cdEmpresaPlano: '1',
    plan: ['481234561', 'VIDA PLENA ESSENCIAL ENFERMARIA'],
    steps: [],
    note: 'em análise (sem login)',
  },
  {
    nuProtocolo: '73051948260137584926',
    nome: 'JOÃO CARLOS PEREIRA',
    cpf: '34812695015',
    cdEmpresaPlano: '1',
    plan: ['481234562', 'VIDA PLENA MAIS APARTAMENTO'],
    steps: [{ flStatus: STATUS.aguardandoCiencia, cdStatusPort: 1 }],
    decision: { registroPlano: '481234562', startInDays: 12, valorCentavos: 61240, cancelInDays: 17 },
    note: 'status 6, tipo 1: "Estou de acordo" / "Não aceito"; com plano, início, mensalidade e prazo de cancelamento',
  },
  {
    nuProtocolo: '19684027355102846631',
    nome: 'ANA BEATRIZ OLIVEIRA',
    cpf: '71520386435',
    cdEmpresaPlano: '1',
    plan: ['481234563', 'VIDA PLENA NACIONAL APARTAMENTO'],
    steps: [{ flStatus: STATUS.aguardandoCiencia, cdStatusPort: 2 }],
    note: 'status 6, tipo 2: "Estou ciente"; a operadora ainda não informou plano, início, mensalidade nem prazo',
  },
  {
    nuProtocolo: '85520374916648203357',
    nome: 'CARLOS EDUARDO LIMA',
    cpf: '86247103913',
    cdEmpresaPlano: '1',
    plan: ['481234562', 'VIDA PLENA MAIS APARTAMENTO'],
    steps: [{ flStatus: STATUS.aguardandoCiencia, cdStatusPort: 1 }, { flConcordo: 'S' }, { flStatus: STATUS.aceita }],
    note: 'status 3, exige login; documentos para assinar',
  },
  {
    nuProtocolo: '60917283645520918842',
    nome: 'FERNANDA COSTA RIBEIRO',
    cpf: '19037452680',
    cdEmpresaPlano: '1',
    plan: ['481234561', 'VIDA PLENA ESSENCIAL ENFERMARIA'],
    steps: [{ flStatus: STATUS.aguardandoCiencia, cdStatusPort: 2 }, { flConcordo: 'S' }, { flStatus: STATUS.contratoAtivo }],
    // Coverage began yesterday: the old plan still has to be cancelled, within 5 days of the start.
    decision: { registroPlano: '481234561', startInDays: -1, valorCentavos: 38990, cancelInDays: 4 },
    note: 'contrato ativo; falta cancelar o plano anterior',
  },
  {
    nuProtocolo: '27406815593371620458',
    nome: 'PAULO ROBERTO ALMEIDA',
    cpf: '47385920179',
    cdEmpresaPlano: '2',
    plan: ['479876542', 'HORIZONTE PREMIUM APARTAMENTO'],
    steps: [],
    note: 'em análise, plano 2 (Horizonte Saúde)',
  },
  {
    nuProtocolo: '39502817466150372914',
    nome: 'RAFAEL SOUZA MARTINS',
    cpf: '40817356207',
    cdEmpresaPlano: '1',
    plan: ['481234563', 'VIDA PLENA NACIONAL APARTAMENTO'],
    steps: [{ flStatus: STATUS.recusada }],
    decision: {
      motivo:
        'O plano de origem não cumpre o prazo mínimo de permanência exigido para a portabilidade de carências (2 anos na primeira portabilidade).',
    },
    note: 'recusada, com o motivo da operadora',
  },
];

/** The demo's decision as the backoffice would record it, dates counted from `now` in Brasília. */
function decisionChange(decision: DemoDecision, now: Date): DecisionChange {
  const day = (days: number | undefined) => (days === undefined ? undefined : (isoDateOf(formatDate(addDays(now, days))) ?? undefined));
  return {
    registroPlano: decision.registroPlano,
    inicio: day(decision.startInDays),
    valorCentavos: decision.valorCentavos,
    cancelarAte: day(decision.cancelInDays),
    motivo: decision.motivo,
  };
}

function payloadOf(demo: Demo): PortabilityRequest {
  return {
    tipo: '9',
    // All 20 digits, as the rule asks (contract/rules.ts ANS_PROTOCOL_DIGITS), and one per demo.
    nu_protocolo_ans: `2024${demo.nuProtocolo.slice(0, ANS_PROTOCOL_DIGITS - 4)}`,
    nu_protocolo: '',
    nome: demo.nome,
    nm_mae: 'TEREZA MARIA DA SILVA',
    cpf: demo.cpf,
    dt_nascimento: '15/04/1985',
    cd_cep: '60160230',
    ds_endereco: 'RUA DOS TABAJARAS',
    nu_endereco: '120',
    ds_bairro: 'PRAIA DE IRACEMA',
    ds_cidade: 'FORTALEZA',
    ds_uf: 'CE',
    ds_complemento: 'APTO 302',
    ops_origem: 'SAÚDE EXEMPLO S.A.',
    plano_origem: 'EXEMPLO CLÁSSICO',
    nu_ans_ops_origem: '301234',
    nu_ans_plano_origem: '412345678',
    area_plano: 'ESTADUAL',
    dt_inicio: '01/03/2019',
    tp_contrato_origem: 'TITULAR',
    nu_ans_plano_destino: demo.plan[0],
    plano_destino: demo.plan[1],
    tp_contrato_destino: 'TITULAR',
    tp_port_destino: '3',
    fl_aceita_email: '1',
    contato: [
      { tp_contato: '1', ds_contato: '85988887777' },
      { tp_contato: '2', ds_contato: 'beneficiario@example.com' },
    ],
    dependente: [
      { id: 1, nome: 'LUCAS SANTOS', nm_mae: 'TEREZA MARIA DA SILVA', dt_nasc: '10/10/2012', cpf: '', ds_parentesco: 'Filho(a)' },
    ],
    cd_empresa_plano: demo.cdEmpresaPlano,
  };
}

async function identityPdf(demo: Demo, now: Date): Promise<Uint8Array> {
  return renderPdf(
    {
      title: 'Documento de identidade (exemplo)',
      operator: 'Documento fictício para demonstração',
      blocks: [
        {
          kind: 'fields',
          heading: 'Dados',
          fields: [
            ['Nome', demo.nome],
            ['Registro Geral', '00.000.000-0'],
          ],
        },
      ],
      footer: 'Demonstração — sem valor legal',
    },
    now,
  );
}

/**
 * Creates the demos when the database has no request at all; returns whether it did.
 * Called inside the seed's locked transaction, so the count cannot change under it.
 */
export async function seedDemoRequests(tx: Executor, files: FileStore, now: Date): Promise<boolean> {
  const [row] = await tx.query<{ total: number }>('SELECT count(*)::int AS total FROM requests');
  if ((row?.total ?? 0) > 0) return false;
  for (const demo of DEMOS) {
    const filed = addDays(now, -(demo.steps.length + 2));
    const { cdSolicitacao } = await createRequest(tx, payloadOf(demo), filed, { origin: 'demonstracao', nuProtocolo: demo.nuProtocolo });
    const stored = await files.save(tx, await identityPdf(demo, filed), 'pdf', filed);
    await tx.query(
      `INSERT INTO uploaded_documents (cd_solicitacao, cd_tipo_documento, nm_documento, nm_arquivo, nm_extensao, nm_armazenado, dt_envio)
       VALUES ($1, 1, 'RG (documento de identidade)', 'rg-exemplo.pdf', 'pdf', $2, $3)`,
      [cdSolicitacao, stored, filed],
    );
    // The decision first: the documents to sign made at status 3 state it.
    if (demo.decision) await saveDecision(tx, cdSolicitacao, decisionChange(demo.decision, now), now);
    for (const [index, step] of demo.steps.entries()) {
      await changeStatusIn(tx, files, cdSolicitacao, step, 'demonstracao', addDays(filed, index + 1));
    }
  }
  return true;
}
