-- Instruments a group may trade: when any are named, only those (of its allowed classes); empty:
-- every instrument of its allowed classes. The order lock reads it with the rest of the group's row.
ALTER TABLE customer_groups ADD COLUMN allowed_symbols text[] NOT NULL DEFAULT '{}';
