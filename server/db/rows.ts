/**
 * Rows of the tables as the queries return them, shared by the services and routes that
 * read them. Kept here, beside the schema, so no service imports another just for a type.
 */

/** `requests` (server/db/migrations/001_initial.sql): the columns the server reads. */
export interface RequestRow {
  cd_solicitacao: number;
  nu_protocolo: string;
  nu_protocolo_ans: string;
  nome: string;
  nm_mae: string;
  cpf: string;
  dt_nascimento: string;
  cd_cep: string;
  ds_endereco: string;
  nu_endereco: string;
  ds_bairro: string;
  ds_complemento: string | null;
  ds_cidade: string;
  ds_uf: string;
  ops_origem: string;
  plano_origem: string;
  nu_ans_ops_origem: string;
  nu_ans_plano_origem: string;
  area_plano: string;
  dt_inicio: string;
  tp_contrato_origem: string;
  nu_ans_plano_destino: string;
  plano_destino: string;
  tp_contrato_destino: string;
  tp_port_destino: string;
  fl_aceita_email: string;
  /** '1': the beneficiary agreed to text messages (migration 013). */
  fl_aceita_sms: string;
  cd_empresa_plano: number;
  fl_status: number;
  cd_status_port: number;
  fl_concordo: 'S' | 'N' | null;
  /** The conditions the recorded answer was given to (migration 020); null: none, or recorded before it. */
  ds_versao_resposta: string | null;
  dt_cadastramento: Date;
  dt_atualizacao: Date;
}

/**
 * What the calls that name a request by its protocol read (tracking, history, uploads, lists):
 * a few columns, since a lookup's cost grows with the columns it returns (PGlite: 0.34 ms of
 * CPU for these, 0.69 ms for `SELECT *`).
 */
export type RequestState = Pick<
  RequestRow,
  'cd_solicitacao' | 'nu_protocolo' | 'nu_protocolo_ans' | 'cpf' | 'fl_status' | 'cd_status_port' | 'fl_concordo' | 'dt_cadastramento'
>;

export const REQUEST_STATE_COLUMNS =
  'cd_solicitacao, nu_protocolo, nu_protocolo_ans, cpf, fl_status, cd_status_port, fl_concordo, dt_cadastramento';

/** A document to sign with its signature date (`documents_to_sign` left join `signatures`). */
export interface DocumentToSignRow {
  cd_file_documento: number;
  cd_solicitacao: number;
  nm_documento: string;
  nm_armazenado: string;
  dt_assinatura: Date | null;
  /** First opening of the term through its link (issue 25); null while never opened. */
  dt_leitura: Date | null;
}
