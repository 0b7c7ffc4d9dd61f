import type { Queryable } from '../db/database.ts';

export interface OperatorRow {
  cd_empresa_plano: number;
  nm_operadora: string;
  nu_registro_ans: string;
}

export async function findOperator(db: Queryable, cdEmpresaPlano: number): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>('SELECT * FROM operators WHERE cd_empresa_plano = $1', [cdEmpresaPlano]);
  return row ?? null;
}
