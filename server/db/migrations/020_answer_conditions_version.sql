-- The conditions a recorded status-6 answer was given to: the fingerprint of the answer type
-- and the operator's facts shown (services/operator-decision.ts conditionsVersion), kept when
-- the answer is recorded (the portal's answer, or the operator's --concordo). When the request
-- reaches status 6 again with other conditions (a new round after 1, another --tipo, facts
-- changed in 3), the answer no longer stands and is cleared. NULL: no answer, or one recorded
-- before this migration (then the facts before the change stand in for it).
ALTER TABLE requests ADD COLUMN ds_versao_resposta text;
