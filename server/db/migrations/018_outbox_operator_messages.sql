-- The per-recipient caps (5 messages an hour) stop visitors from flooding an inbox or a phone
-- through saves, reminders and withdrawals. Messages the operator causes (a status change, new
-- facts of the decision) are bounded by the operator's own actions and must not use up that
-- room: four status e-mails in an hour left a new request's protocol e-mail unsent while the
-- wizard said it was sent (found by an exploratory run). They are marked here and not counted.
-- Rows queued before this migration count as before (at most an hour's difference).
ALTER TABLE outbox_emails ADD COLUMN fl_operadora boolean NOT NULL DEFAULT false;
