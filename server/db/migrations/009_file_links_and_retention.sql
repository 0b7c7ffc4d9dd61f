-- Signed file links and LGPD retention (services/file-links.ts, services/retention.ts,
-- services/purge.ts). Opening a link looks up the request that owns the file, and the purge
-- deletes a closed request's documents and e-mails: by stored name and by request, indexed.
CREATE INDEX uploaded_documents_stored ON uploaded_documents (nm_armazenado);
CREATE INDEX documents_to_sign_stored ON documents_to_sign (nm_armazenado);
CREATE INDEX acceptances_stored ON acceptances (nm_armazenado);
CREATE INDEX uploaded_documents_request ON uploaded_documents (cd_solicitacao);
CREATE INDEX acceptances_request ON acceptances (cd_solicitacao);
CREATE INDEX outbox_emails_request ON outbox_emails (cd_solicitacao);
-- The purge looks only at closed requests (flStatus 4, 5, 7).
CREATE INDEX requests_closed ON requests (cd_solicitacao) WHERE fl_status IN (4, 5, 7);

-- .eml files are named by message id now, no longer `<id>-<protocol>.eml`: the outbox renames
-- the files it finds at start (services/outbox.ts); the recorded deliveries follow.
UPDATE outbox_emails SET ds_entrega = regexp_replace(ds_entrega, '(\d+)-\d+\.eml$', '\1.eml')
WHERE ds_entrega ~ '\d+-\d+\.eml$';

-- A delivered message's subject and text (the protocol) are not kept: SMTP delivered them, or
-- the .eml file holds them until the retention purge.
UPDATE outbox_emails SET ds_assunto = '', ds_texto = '' WHERE dt_enviado IS NOT NULL;
