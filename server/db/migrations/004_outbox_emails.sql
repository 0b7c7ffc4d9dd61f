-- Messages to send (the protocol e-mail, SPEC §1), queued in the same transaction as the
-- request they speak of: a slow or failing mail server never delays or fails the save, and
-- no message is lost when a process stops. Any process delivers them (services/outbox.ts):
-- one claims a message by moving dt_proxima forward, retries back off, and the backoffice
-- shows each one's state (`backoffice outbox`).
CREATE TABLE outbox_emails (
  cd_mensagem     serial PRIMARY KEY,
  cd_solicitacao  integer NOT NULL REFERENCES requests ON DELETE CASCADE,
  ds_destinatario text NOT NULL,
  ds_assunto      text NOT NULL,
  ds_texto        text NOT NULL,
  nu_tentativas   integer NOT NULL DEFAULT 0,
  dt_proxima      timestamptz NOT NULL,
  dt_enviado      timestamptz,
  -- Where it went: 'smtp' or the .eml file written without SMTP_URL.
  ds_entrega      text,
  ds_erro         text,
  -- Set when the last retry failed too: the message is no longer tried.
  dt_desistencia  timestamptz,
  dt_criacao      timestamptz NOT NULL
);
CREATE INDEX outbox_emails_due ON outbox_emails (dt_proxima) WHERE dt_enviado IS NULL AND dt_desistencia IS NULL;
