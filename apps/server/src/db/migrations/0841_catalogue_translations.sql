-- A catalogue item's name and description in other languages than English, by language code
-- ({"ar": {"name": …, "description": …}}); a language or a field left out reads in English.
ALTER TABLE expert_advisors ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
