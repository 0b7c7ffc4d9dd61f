-- Issue 26, "Esqueci meu protocolo": every request for a reminder, by a keyed hash of the CPF
-- typed (never the CPF), so the tries per CPF can be braked whether or not a request exists,
-- on every process. Rows older than a day are removed as new ones arrive.
CREATE TABLE protocol_reminder_tries (
  id         serial PRIMARY KEY,
  ds_chave   text NOT NULL,
  dt_pedido  timestamptz NOT NULL
);
CREATE INDEX protocol_reminder_tries_by_key ON protocol_reminder_tries (ds_chave, dt_pedido);
