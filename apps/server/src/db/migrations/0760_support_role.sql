-- Support staff: answer chats and read the back office; only admins decide and configure.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'support', 'admin'));
