-- Whether a history event records the answer it holds anew: the portal's answer, or the
-- operator's --concordo. Its origin then gave that answer, even when it is the same answer as
-- the event before (the operator recording 'Estou de acordo' again for new conditions was told
-- as the person's own: found by a regression walk). Events before this migration are false:
-- for them a change of the answer still tells who gave it (services/status.ts answerGivers).
ALTER TABLE status_history ADD COLUMN fl_resposta_dada boolean NOT NULL DEFAULT false;
