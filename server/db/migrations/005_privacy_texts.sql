-- The privacy notice (LGPD, Lei 13.709/2018, art. 9) each operator shows where personal data
-- or documents are asked, and on the full privacy page. One row per operator, edited by the
-- operator; the controller's name is the operator's own (operators.nm_operadora, key '65').
CREATE TABLE privacy_texts (
  cd_empresa_plano    integer PRIMARY KEY REFERENCES operators,
  ds_finalidade       text NOT NULL,
  ds_dados            text NOT NULL,
  ds_retencao         text NOT NULL,
  ds_compartilhamento text NOT NULL,
  ds_direitos         text NOT NULL,
  ds_encarregado      text NOT NULL,
  ds_contato          text NOT NULL
);
