-- What the operator decided about a request (issue 25 items 2 and 4), set by the backoffice
-- (`set-status … --plano --inicio --valor --cancelar-ate --motivo`) and shown on tracking:
-- the destination plan (its ANS registry and its name as the plan table had it when set),
-- the start of coverage, the monthly price, the last day to cancel the old plan, and the
-- reason of a refusal (4) or cancellation (5). One row per request, every fact optional:
-- what was never set stays NULL and the portal says it is not informed (nothing is derived).
-- A table of its own, so the lookups that read only a request's state stay as narrow as they were.
CREATE TABLE operator_decisions (
  cd_solicitacao          integer PRIMARY KEY REFERENCES requests ON DELETE CASCADE,
  nu_registro_plano       text CHECK (nu_registro_plano ~ '^[0-9]{1,20}$'),
  nm_plano                text CHECK (char_length(nm_plano) <= 200),
  dt_inicio_cobertura     date,
  vl_mensalidade_centavos integer CHECK (vl_mensalidade_centavos > 0),
  dt_limite_cancelamento  date,
  ds_motivo               text CHECK (char_length(ds_motivo) BETWEEN 1 AND 500),
  dt_atualizacao          timestamptz NOT NULL,
  CHECK ((nu_registro_plano IS NULL) = (nm_plano IS NULL))
);
