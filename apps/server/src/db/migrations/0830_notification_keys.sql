-- Notifications carry the message keys of their title and text and the parameters, so each
-- reader sees them in their own language. Notes written before (and an operator's free text)
-- have no keys and are shown in the words they were stored with.
ALTER TABLE notifications ADD COLUMN title_key text;
ALTER TABLE notifications ADD COLUMN message_key text;
ALTER TABLE notifications ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
