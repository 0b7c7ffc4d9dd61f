-- Issue 26 (reach): the beneficiary may also agree to text messages (fl_aceita_sms, '0' by
-- default: a request saved before this consent existed never gets one), and the outbox
-- carries both kinds of message (tp_canal): 'email' to an address, 'sms' to a mobile number
-- through SMS_PROVIDER_URL. Both are claimed, retried and listed the same way
-- (services/outbox.ts, `backoffice outbox`).
ALTER TABLE requests ADD COLUMN fl_aceita_sms text NOT NULL DEFAULT '0';
ALTER TABLE outbox_emails ADD COLUMN tp_canal text NOT NULL DEFAULT 'email' CHECK (tp_canal IN ('email', 'sms'));
