-- Login brakes keyed by account, not by protocol (services/login.ts): `ds_conta` is an HMAC
-- of CPF + plan under the token secret, so a CPF with no request is braked exactly like one
-- with a request (the answers cannot tell them apart) and no typed CPF is stored in clear.
-- The old rows, keyed by protocol, are at most an hour of brake history: dropped.
DROP TABLE login_failures;
CREATE TABLE login_failures (
  id             bigserial PRIMARY KEY,
  ds_conta       text NOT NULL,
  ds_endereco_ip text NOT NULL,
  dt_falha       timestamptz NOT NULL
);
CREATE INDEX login_failures_account ON login_failures (ds_conta, dt_falha);
CREATE INDEX login_failures_address ON login_failures (ds_endereco_ip, dt_falha);
-- The sweep of failures older than every window.
CREATE INDEX login_failures_time ON login_failures (dt_falha);

-- Sessions ended by 'Encerrar sessão' (POST auth/sair, services/tokens.ts): every process
-- refuses a token of a session listed here. A row is needed only while a token of that
-- session could still be unexpired, then it is deleted.
CREATE TABLE revoked_sessions (
  ds_sessao text PRIMARY KEY,
  dt_expira timestamptz NOT NULL
);
CREATE INDEX revoked_sessions_expiry ON revoked_sessions (dt_expira);
