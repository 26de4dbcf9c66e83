import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The font engine pdfkit itself uses, found from pdfkit's own folder (it is pdfkit's dependency).
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): unknown };

/**
 * Noto Sans (SIL Open Font License 1.1, shipped in @expo-google-fonts/noto-sans): Latin with
 * every European diacritic, Turkish and Vietnamese, Greek and Cyrillic, so names and addresses in
 * those scripts print as written. The PDF's standard fonts stop at Western European characters.
 * Arabic, Hebrew and CJK need other fonts (and right-to-left layout) and print as empty boxes.
 * pdfkit embeds only the glyphs a statement uses, so a file grows by about 10 kB, not by the
 * 600 kB of the font.
 */
const files = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

export type StatementFont = keyof typeof files;

const parsed = new Map<StatementFont, PDFKit.Mixins.PDFFontSource>();

/**
 * A statement font, parsed once per process and shared by every document: the first text laid out
 * in a freshly parsed font decodes its tables, about 85 ms per font that each statement would
 * otherwise pay again. Each document still writes its own subset. pdfkit takes a parsed font
 * wherever it takes a file's bytes, which its type declarations do not say.
 */
export function statementFont(font: StatementFont): PDFKit.Mixins.PDFFontSource {
  let source = parsed.get(font);
  if (!source) {
    source = fontkit.create(readFileSync(require.resolve(files[font]))) as PDFKit.Mixins.PDFFontSource;
    parsed.set(font, source);
  }
  return source;
}
