-- The customer's own settings: display currency, sound, time zone and which notifications reach
-- them in the app and by email. Missing keys take their defaults.
ALTER TABLE users ADD COLUMN preferences jsonb NOT NULL DEFAULT '{}';
