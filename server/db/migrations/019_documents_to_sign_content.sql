-- The documents to sign say the operator's decision as stored (plan, start of coverage, monthly
-- price, last day to cancel the old plan) and every dependent, and one not signed yet is made
-- again when the request comes back to status 3 with other facts. What a document says (its
-- title and blocks, not the footer's generation time) is kept as a SHA-256 to tell whether it
-- would change. NULL: made before this migration (the wizard's plan, no dependents), so made
-- again at the next status 3 unless it was signed; a signed document is never made again.
ALTER TABLE documents_to_sign ADD COLUMN ds_hash_conteudo text;
