-- With DATABASE_URL the database is the only state (several processes, one PostgreSQL):
-- the bytes of stored files, in parts of 1 MB (services/database-file-store.ts), written in
-- the same transaction as their stored_files row. The embedded database keeps them on disk.
CREATE TABLE stored_file_parts (
  nm_armazenado text NOT NULL REFERENCES stored_files ON DELETE CASCADE,
  nu_parte      integer NOT NULL,
  conteudo      bytea NOT NULL,
  PRIMARY KEY (nm_armazenado, nu_parte)
);

-- Secrets every process must share (the token secret when TOKEN_SECRET is not set), made
-- once by whichever process starts first.
CREATE TABLE app_secrets (
  ds_nome  text PRIMARY KEY,
  ds_valor text NOT NULL
);
