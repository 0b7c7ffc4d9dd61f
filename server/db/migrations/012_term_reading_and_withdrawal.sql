-- Sign after reading (issue 25 item 5): the first time a term's PDF was served through its
-- signed link (the link is bound to the request's protocol), and, on the signature, the
-- reading it followed. A signature without a reading is refused, so rows written before this
-- migration keep a NULL reading (they were signed on the tick that opened them).
ALTER TABLE documents_to_sign ADD COLUMN dt_leitura timestamptz;
ALTER TABLE signatures ADD COLUMN dt_leitura timestamptz;
