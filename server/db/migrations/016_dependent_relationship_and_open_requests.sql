-- Issue 27 item 7: each dependent's relationship to the holder (parentesco), one of the labels
-- of contract/rules.ts PARENTESCOS. Dependents saved before it have none ('Não informado' on screen).
ALTER TABLE dependents ADD COLUMN ds_parentesco text;

-- Issue 27 item 6: a second request for the same CPF and ANS protocol while one is open is
-- refused; this finds the open one at once. Closed = 4 recusada, 5 cancelada, 7 contrato
-- ativo (services/retention.ts). Not unique: databases made before this rule may hold such
-- pairs already; new saves are serialised per pair by an advisory lock (services/open-requests.ts).
CREATE INDEX requests_open_by_cpf_and_ans ON requests (cpf, nu_protocolo_ans) WHERE fl_status NOT IN (4, 5, 7);
