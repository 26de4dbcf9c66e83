-- Chat between each customer and the support team: one conversation per customer.
CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_admin boolean NOT NULL,
  message text NOT NULL DEFAULT '',
  read_at timestamptz,
  -- Millisecond precision, so the ISO timestamps clients poll with (`after=`) compare exactly.
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
-- Paging newest first and polling by time, within one conversation.
CREATE INDEX chat_messages_conversation_idx ON chat_messages (customer_id, created_at, id);
-- Unread counts and read receipts touch only unread rows.
CREATE INDEX chat_messages_unread_idx ON chat_messages (customer_id, is_admin) WHERE read_at IS NULL;

CREATE TABLE chat_attachments (
  id serial PRIMARY KEY,
  uploader_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The conversation: known at upload for customers, set when an admin's upload is sent.
  customer_id integer REFERENCES users(id) ON DELETE CASCADE,
  message_id integer REFERENCES chat_messages(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  is_image boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_attachments_message_idx ON chat_attachments (message_id);
CREATE INDEX chat_attachments_orphan_idx ON chat_attachments (created_at) WHERE message_id IS NULL;

-- Presence: customers whose heartbeat has just expired are found by range.
CREATE INDEX users_last_seen_idx ON users (last_seen_at);
