-- The documents the operator is still waiting for (issue 25 item 3), set by the backoffice
-- (`set-status <protocolo> 2 --pendente <tipo>[:<motivo>]`, repeated) and shown on tracking
-- while the request is 'Pendente de documentação' (2). One row per request and document type:
-- open while dt_atendido is NULL; the first upload of that type (under the request's row lock)
-- stamps dt_atendido, and the type leaves the list the tracking answer carries. Asked again,
-- the row is reopened with the new reason.
CREATE TABLE pending_documents (
  cd_solicitacao    integer NOT NULL REFERENCES requests ON DELETE CASCADE,
  cd_tipo_documento integer NOT NULL REFERENCES document_types,
  ds_motivo         text CHECK (char_length(ds_motivo) BETWEEN 1 AND 500),
  dt_pedido         timestamptz NOT NULL,
  dt_atendido       timestamptz,
  PRIMARY KEY (cd_solicitacao, cd_tipo_documento)
);
