/**
 * Name matching for sanctions screening: names are reduced to Latin tokens (case and diacritics
 * folded, Cyrillic, Greek and Arabic script transliterated) and compared token by token with
 * Jaro-Winkler, in any order; a date of birth known on both sides raises or lowers the score.
 */

/** One token of a normalised name; `abjad` when it was written in Arabic script, which leaves most vowels out. */
export interface NameToken {
  text: string;
  abjad: boolean;
}

const cyrillic: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu',
  я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', ђ: 'dj', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};

const greek: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p',
  ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

const arabic: Record<string, string> = {
  ا: 'a', أ: 'a', إ: 'i', آ: 'a', ٱ: 'a', ب: 'b', ت: 't', ث: 'th', ج: 'j', ح: 'h', خ: 'kh', د: 'd', ذ: 'dh', ر: 'r', ز: 'z', س: 's',
  ش: 'sh', ص: 's', ض: 'd', ط: 't', ظ: 'z', ع: '', غ: 'gh', ف: 'f', ق: 'q', ك: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h', و: 'w', ي: 'y',
  ى: 'a', ة: 'a', ء: '', ؤ: '', ئ: '', پ: 'p', چ: 'ch', ژ: 'zh', گ: 'g', ک: 'k', ی: 'y',
};

/** Latin letters that do not decompose into a base letter and a mark. */
const latinSpecial: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

const isArabicLetter = (ch: string) => ch in arabic;

/** Splits a name into Latin tokens: lower case, marks removed, other scripts transliterated, anything else a separator. */
export function nameTokens(name: string): NameToken[] {
  const tokens: NameToken[] = [];
  // Arabic names join the article to the name ("الراشد"); Latin lists write "AL-RASHID", which splits at the hyphen the same way.
  for (const word of name.normalize('NFKD').toLowerCase().split(/[^\p{L}\p{M}]+/u)) {
    let text = '';
    let abjad = false;
    // Greek writes "ou" as the pair ου, where υ alone is "y".
    for (const ch of word.replace(/\p{M}/gu, '').replace(/ου/g, 'ou')) {
      if (isArabicLetter(ch)) abjad = true;
      text += cyrillic[ch] ?? greek[ch] ?? arabic[ch] ?? latinSpecial[ch] ?? (/[a-z]/.test(ch) ? ch : '');
    }
    if (abjad && text.startsWith('al') && text.length > 4) {
      tokens.push({ text: 'al', abjad }, { text: text.slice(2), abjad });
    } else if (text) tokens.push({ text, abjad });
  }
  // The article and particles say nothing about who someone is; they only dilute the score.
  const particles = new Set(['al', 'el', 'bin', 'ibn', 'bint', 'abu', 'van', 'von', 'der', 'de', 'la', 'di', 'da']);
  const kept = tokens.filter((t) => !particles.has(t.text));
  return kept.length ? kept : tokens;
}

/** The same name in one string, for display and for storing beside the original. */
export function normaliseName(name: string): string {
  return nameTokens(name)
    .map((t) => t.text)
    .join(' ');
}

let used = new Uint8Array(64);

/** Jaro-Winkler similarity of two strings, 0 to 1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  // Screening compares a name with tens of thousands: the flags reuse two buffers.
  if (used.length < a.length + b.length) used = new Uint8Array(2 * (a.length + b.length));
  used.fill(0, 0, a.length + b.length);
  const aUsed = used.subarray(0, a.length);
  const bUsed = used.subarray(a.length, a.length + b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j <= Math.min(b.length - 1, i + window); j++) {
      if (bUsed[j] || a[i] !== b[j]) continue;
      aUsed[i] = bUsed[j] = 1;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aUsed[i]) continue;
    while (!bUsed[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** A token without its vowels and doubled letters: what Arabic script writes of a name. */
const skeleton = (s: string) =>
  s
    .replace(/[aeiouyw]/g, '')
    .replace(/q/g, 'k')
    .replace(/(.)\1+/g, '$1');

/**
 * Jaro-Winkler less a part for the difference in length: the prefix bonus would otherwise take a
 * name for a longer one it begins (Petrov for Petrovich).
 */
function lengthAware(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer ? jaroWinkler(a, b) * (1 - (0.3 * Math.abs(a.length - b.length)) / longer) : 0;
}

export type TokenSimilarity = (a: NameToken, b: NameToken) => number;

/** Two tokens' similarity; a token from Arabic script is compared by its consonants too. */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  const plain = lengthAware(a.text, b.text);
  if (!a.abjad && !b.abjad) return plain;
  return Math.max(plain, lengthAware(skeleton(a.text), skeleton(b.text)));
}

/**
 * How alike two names are, 0 to 1, whatever the order of their tokens. Each token of the shorter
 * name takes its best partner in the longer one (each partner once); the mean is weighted by the
 * token's length and averaged with the weakest pair, and tokens of the longer name left over (a middle name, a patronymic) cost a
 * little. A one-word name is compared with the other name whole, sorted.
 */
export function nameSimilarity(a: NameToken[], b: NameToken[], similarity: TokenSimilarity = tokenSimilarity): number {
  if (!a.length || !b.length) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 2) {
    return jaroWinkler(
      [...a].map((t) => t.text).sort().join(' '),
      [...b].map((t) => t.text).sort().join(' '),
    );
  }
  const cols = long.length;
  const scores = new Float64Array(short.length * cols);
  for (let i = 0; i < short.length; i++) for (let j = 0; j < cols; j++) scores[i * cols + j] = similarity(short[i]!, long[j]!);
  // Best pair first, each token once: as many rounds as the shorter name has tokens.
  let weighted = 0;
  let weights = 0;
  let weakest = 1;
  for (let round = 0; round < short.length; round++) {
    let best = -1;
    let at = -1;
    for (let k = 0; k < scores.length; k++) if (scores[k]! > best) [best, at] = [scores[k]!, k];
    const i = Math.floor(at / cols);
    const j = at % cols;
    const weight = Math.max(short[i]!.text.length, long[j]!.text.length);
    weighted += best * weight;
    weights += weight;
    weakest = Math.min(weakest, best);
    for (let k = 0; k < cols; k++) scores[i * cols + k] = -2;
    for (let k = 0; k < short.length; k++) scores[k * cols + j] = -2;
  }
  const leftOver = long.length - short.length;
  // Half the weakest pair: one shared first name must not carry a different surname over the threshold.
  return ((weighted / weights + weakest) / 2) * (1 - (0.05 * leftOver) / long.length);
}

/**
 * Token similarity remembered per listed token for one customer's name: the lists repeat their
 * tokens (Mohammed, Ali, Ivanov) thousands of times.
 */
export function rememberingSimilarity(customer: NameToken[]): TokenSimilarity {
  const memo = customer.map(() => new Map<string, number>());
  return (x, y) => {
    let i = customer.indexOf(x);
    let other = y;
    if (i < 0) [i, other] = [customer.indexOf(y), x];
    if (i < 0) return tokenSimilarity(x, y);
    const key = other.abjad ? `\u0001${other.text}` : other.text;
    const known = memo[i]!.get(key);
    if (known !== undefined) return known;
    const score = tokenSimilarity(customer[i]!, other);
    memo[i]!.set(key, score);
    return score;
  };
}

/** A date of birth as the lists give it: a whole date, or a year alone. */
export type BirthDate = string;

/**
 * What the dates of birth add to a name's score: a little when one of the listed dates is the
 * customer's, nothing when either side has none, and a large cut when none is near it (a different
 * person with the same name), a smaller one when only the year agrees or is one off.
 */
export function birthDateAdjustment(customer: string | null, listed: BirthDate[]): number {
  if (!customer || !listed.length) return 0;
  const year = Number(customer.slice(0, 4));
  let best = -0.2;
  for (const date of listed) {
    if (date.length >= 10 && date.slice(0, 10) === customer.slice(0, 10)) return 0.05;
    const gap = Math.abs(Number(date.slice(0, 4)) - year);
    if (date.length === 4 && gap === 0) best = Math.max(best, 0.02);
    else if (gap <= 1) best = Math.max(best, -0.08);
  }
  return best;
}

/** A customer's name against one listed name with its dates of birth: the score, within 0 to 1. */
export function screeningScore(customer: { name: NameToken[]; birthDate: string | null }, listed: { name: NameToken[]; birthDates: BirthDate[] }, similarity?: TokenSimilarity): number {
  const names = nameSimilarity(customer.name, listed.name, similarity);
  return Math.min(1, Math.max(0, names + birthDateAdjustment(customer.birthDate, listed.birthDates)));
}
