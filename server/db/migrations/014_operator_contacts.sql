-- Issue 26 (reach): where a person can be reached at each operator — the central's phone,
-- WhatsApp, opening hours, the Ouvidoria and an e-mail — shown in the portal's footer, on the
-- refusal and cancellation screens and on the eligibility result, and written into every
-- message. Seeded like the privacy texts (never overwritten), set with `backoffice contato`.
CREATE TABLE operator_contacts (
  cd_empresa_plano integer PRIMARY KEY REFERENCES operators,
  ds_telefone      text NOT NULL,
  ds_whatsapp      text NOT NULL,
  ds_horario       text NOT NULL,
  ds_ouvidoria     text NOT NULL,
  ds_email         text NOT NULL,
  dt_atualizacao   timestamptz
);
