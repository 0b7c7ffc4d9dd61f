-- Addresses by CEP for the wizard's address fields (issue 14): the offline table the server
-- answers from first (demo rows are seeded; an installation may load the Correios base), and
-- CEP_PROVIDER_URL (a ViaCEP-format service) for the CEPs it does not hold.
CREATE TABLE cep_addresses (
  cep        char(8) PRIMARY KEY CHECK (cep ~ '^[0-9]{8}$'),
  logradouro text NOT NULL,
  bairro     text NOT NULL,
  localidade text NOT NULL,
  uf         char(2) NOT NULL
);
