/**
 * Reference data every installation needs: operators with their images and privacy notice, tooltips,
 * contract and document types, destination plans. Inserted when missing, never
 * overwritten, so an operator's own edits survive restarts.
 */
import type { Executor } from '../db/database.ts';
import { SETTING_KEY } from '../../contract/api.ts';

export const OPERATORS = [
  { cdEmpresaPlano: 1, name: 'Vida Plena Saúde', registry: '412345', slug: 'operadora-1' },
  { cdEmpresaPlano: 2, name: 'Horizonte Saúde', registry: '398761', slug: 'operadora-2' },
] as const;

/** Demo privacy notice (LGPD art. 9) per operator; each operator edits its own row. */
function privacyTexts(operator: (typeof OPERATORS)[number]): readonly string[] {
  const domain = `${operator.slug}.example`;
  return [
    'Analisar e responder à sua solicitação de portabilidade de carências, como exige a Resolução Normativa ANS nº 438/2018.',
    'Os dados do titular e dos dependentes, os contatos e os documentos enviados na solicitação, usados só para analisá-la e acompanhá-la.',
    'Os dados da solicitação (titular, dependentes e contatos) ficam guardados enquanto ela estiver em andamento e, depois, pelo prazo que a ANS e a lei exigem da operadora.',
    'Compartilhamos os dados com a ANS quando ela pedir e com a operadora do seu plano atual só o necessário para confirmar a portabilidade. Não vendemos nem usamos os dados para publicidade.',
    'Você pode confirmar se tratamos seus dados, acessá-los, corrigi-los, pedir que sejam apagados quando a lei permitir, saber com quem foram compartilhados e reclamar à Autoridade Nacional de Proteção de Dados (ANPD).',
    `Encarregado de proteção de dados da ${operator.name}`,
    `privacidade@${domain}`,
  ];
}

/** Demo contact per operator (issue 26): fictitious numbers; each operator sets its own (`backoffice contato`). */
function contactOf(operator: (typeof OPERATORS)[number]): readonly string[] {
  const n = operator.cdEmpresaPlano;
  return [
    `0800 000 000${n}`,
    `(85) 99999-000${n}`,
    'Segunda a sexta, das 8h às 20h; sábado, das 8h às 14h',
    `0800 000 010${n}`,
    `atendimento@${operator.slug}.example`,
  ];
}

export const TOOLTIPS: ReadonlyArray<readonly [string, string]> = [
  [
    'nu_protocolo_ans',
    'Número do protocolo gerado no Guia ANS de Planos de Saúde ao consultar a compatibilidade para portabilidade de carências (20 dígitos).',
  ],
  [
    'nu_protocolo',
    'Número do protocolo da sua solicitação de portabilidade, enviado para o seu e-mail quando a solicitação foi registrada.',
  ],
  ['nome', 'Nome completo do beneficiário titular, como no documento de identidade.'],
  ['nm_mae', 'Nome completo da mãe do beneficiário, como no documento de identidade.'],
  ['cpf', 'CPF do beneficiário. Marque "Beneficiário não possui CPF" se ele não tiver.'],
  ['dt_nascimento', 'Data de nascimento no formato dia/mês/ano.'],
  ['cd_cep', 'CEP do endereço de residência do beneficiário.'],
  ['ops_origem', 'Nome da operadora do plano que você tem hoje (plano de origem).'],
  ['nu_ans_ops_origem', 'Registro da operadora de origem na ANS; aparece na carteirinha e no contrato.'],
  ['plano_origem', 'Nome comercial do plano de origem.'],
  ['nu_ans_plano_origem', 'Número de registro do plano de origem na ANS; aparece na carteirinha.'],
  ['area_plano', 'Área geográfica de cobertura do plano de origem (municipal, estadual, nacional...).'],
  ['dt_inicio', 'Data em que você começou no plano de origem.'],
  ['tp_contrato_origem', 'Se você é o titular do plano de origem ou titular sem direito (por exemplo, dependente que passa a titular).'],
  [
    'nu_ans_plano_destino',
    'Número de registro na ANS do plano para o qual você quer migrar; o nome do plano é preenchido automaticamente.',
  ],
  ['tp_contrato_destino', 'Titularidade no plano de destino.'],
  ['tp_port_destino', 'Tipo de contratação do plano de destino. Pelo portal só é possível a contratação individual/familiar.'],
  ['fl_aceita_email', 'Marque para receber as respostas da solicitação por e-mail.'],
];

export const CONTRACT_TYPES = [
  { value: '1', label: 'COLETIVO EMPRESARIAL' },
  { value: '2', label: 'COLETIVO POR ADESÃO' },
  { value: '3', label: 'INDIVIDUAL/FAMILIAR' },
] as const;

export const DOCUMENT_TYPES: ReadonlyArray<readonly [number, string]> = [
  [1, 'RG (documento de identidade)'],
  [2, 'CPF'],
  [3, 'Comprovante de residência'],
  [4, 'Carteirinha do plano anterior'],
  [5, 'Comprovante de pagamento (últimos 3 boletos)'],
  [6, 'Carta de permanência do plano anterior'],
  [7, 'Certidão de nascimento ou casamento'],
];

/** Destination plans by ANS product registry (9 digits). */
export const DESTINATION_PLANS: ReadonlyArray<readonly [string, string]> = [
  ['481234561', 'VIDA PLENA ESSENCIAL ENFERMARIA'],
  ['481234562', 'VIDA PLENA MAIS APARTAMENTO'],
  ['481234563', 'VIDA PLENA NACIONAL APARTAMENTO'],
  ['479876541', 'HORIZONTE BÁSICO ENFERMARIA'],
  ['479876542', 'HORIZONTE PREMIUM APARTAMENTO'],
];

/**
 * Demo addresses by CEP (the wizard fills the address from them). 60602-320 is known here by
 * its city only, as a CEP that covers a whole city is: the wizard fills city and UF.
 */
export const CEP_ADDRESSES: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['01310100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'],
  ['60160230', 'Rua dos Tabajaras', 'Praia de Iracema', 'Fortaleza', 'CE'],
  ['60602320', '', '', 'Fortaleza', 'CE'],
];

export async function seedReferenceData(tx: Executor): Promise<void> {
  for (const operator of OPERATORS) {
    await tx.query('INSERT INTO operators (cd_empresa_plano, nm_operadora, nu_registro_ans) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      operator.cdEmpresaPlano,
      operator.name,
      operator.registry,
    ]);
    const images: ReadonlyArray<readonly [string, string]> = [
      [SETTING_KEY.logo, `${operator.slug}-logo.svg`],
      [SETTING_KEY.seal, `${operator.slug}-selo.svg`],
      [SETTING_KEY.favicon, `${operator.slug}-favicon.svg`],
    ];
    await tx.query(
      `INSERT INTO privacy_texts (cd_empresa_plano, ds_finalidade, ds_dados, ds_retencao, ds_compartilhamento, ds_direitos, ds_encarregado, ds_contato)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [operator.cdEmpresaPlano, ...privacyTexts(operator)],
    );
    await tx.query(
      `INSERT INTO operator_contacts (cd_empresa_plano, ds_telefone, ds_whatsapp, ds_horario, ds_ouvidoria, ds_email)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [operator.cdEmpresaPlano, ...contactOf(operator)],
    );
    for (const [key, file] of images) {
      await tx.query('INSERT INTO settings (chave, cd_empresa_plano, valor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        key,
        operator.cdEmpresaPlano,
        `imagens/${file}`,
      ]);
    }
  }
  for (const [field, description] of TOOLTIPS) {
    await tx.query('INSERT INTO tooltips (nm_campo, ds_descricao) VALUES ($1, $2) ON CONFLICT DO NOTHING', [field, description]);
  }
  for (const [index, type] of CONTRACT_TYPES.entries()) {
    await tx.query('INSERT INTO contract_types (value, label, ordem) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      type.value,
      type.label,
      index + 1,
    ]);
  }
  for (const [code, name] of DOCUMENT_TYPES) {
    await tx.query('INSERT INTO document_types (cd_tipo_documento, nm_documento) VALUES ($1, $2) ON CONFLICT DO NOTHING', [code, name]);
  }
  for (const [registry, name] of DESTINATION_PLANS) {
    await tx.query('INSERT INTO destination_plans (registro_ans, nm_plano) VALUES ($1, $2) ON CONFLICT DO NOTHING', [registry, name]);
  }
  for (const address of CEP_ADDRESSES) {
    await tx.query(
      'INSERT INTO cep_addresses (cep, logradouro, bairro, localidade, uf) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      address,
    );
  }
}
