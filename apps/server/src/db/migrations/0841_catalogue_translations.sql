-- A catalogue item's name and description in other languages than English, by language code
-- ({"ar": {"name": …, "description": …}}); a language or a field left out reads in English.
ALTER TABLE expert_advisors ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';

-- The course the shop gives away reads in every language the app speaks.
UPDATE expert_advisors SET translations = '{
  "es": {"name": "Curso de trading con CFD", "description": "Doce lecciones breves sobre apalancamiento, margen, riesgo por operación y la sala de trading, desde la primera orden hasta las reglas de stop-out."},
  "fr": {"name": "Cours de trading sur CFD", "description": "Douze courtes leçons sur l’effet de levier, la marge, le risque par position et la salle de trading, du premier ordre aux règles de stop-out."},
  "de": {"name": "CFD-Trading-Kurs", "description": "Zwölf kurze Lektionen über Hebel, Margin, Risiko pro Trade und den Handelsraum, von der ersten Order bis zu den Stop-out-Regeln."},
  "pt": {"name": "Curso de trading de CFD", "description": "Doze lições curtas sobre alavancagem, margem, risco por operação e a sala de trading, da primeira ordem às regras de stop-out."},
  "ar": {"name": "دورة تداول العقود مقابل الفروقات", "description": "اثنا عشر درسًا قصيرًا عن الرافعة المالية والهامش والمخاطرة في كل صفقة وغرفة التداول، من أول أمر حتى قواعد الإيقاف القسري."}
}' WHERE slug = 'cfd-course';
