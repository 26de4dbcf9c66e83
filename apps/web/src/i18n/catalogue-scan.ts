import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/**
 * Reads the web app's source for visible strings and message keys, and the message catalogues;
 * used by the catalogue test.
 */

export const SRC = path.resolve(import.meta.dirname, '..');
const LOCALES = path.join(SRC, 'i18n', 'locales');

/** Attributes a reader sees or hears. */
const VISIBLE_PROP = /^(placeholder|title|alt|aria-label|aria-description|aria-roledescription|aria-valuetext|label|description|subtitle|heading|hint|caption|tooltip|message|text|empty\w*|\w+Label|\w+Text|\w+Title|\w+Message)$/;
/** Object keys whose string values end up on screen (option lists, columns, steps). */
const VISIBLE_KEY = /^(label|title|description|text|placeholder|message|heading|hint|subtitle|caption|empty|tooltip|\w+Label|\w+Text|\w+Title)$/;
/** Calls whose string arguments are shown as they are. */
const SHOWN_CALLS = /^(toast(\.\w+)?|errorMessage|window\.confirm|window\.alert|confirm|alert)$/;
/** Short codes that read the same in every language: currency and language codes, TP, SL. */
const CODE = /^[\p{Lu}\d/.+\-:%]{1,4}$/u;

const hasWords = (text: string) => /\p{L}/u.test(text) && !CODE.test(text.trim());

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function calleeName(node: Node): string {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression' && isNode(node.object) && isNode(node.property)) return `${calleeName(node.object)}.${calleeName(node.property)}`;
  return '';
}

/** The literal text pieces an expression can evaluate to (branches of ?:, && and ??, template parts). */
function textLeaves(node: unknown): string[] {
  if (!isNode(node)) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [node.value] : [];
    case 'TemplateLiteral':
      return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked);
    case 'ConditionalExpression':
      return [...textLeaves(node.consequent), ...textLeaves(node.alternate)];
    case 'LogicalExpression':
      return [...textLeaves(node.left), ...textLeaves(node.right)];
    case 'JSXExpressionContainer':
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
      return textLeaves(node.expression);
    default:
      return [];
  }
}

export type Finding = { file: string; line: number; text: string };

export function scan(files: string[]) {
  const untranslated: Finding[] = [];
  const keys = new Map<string, { plural: boolean; where: string }>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file);
    const lineOf = (at: number) => source.slice(0, at).split('\n').length;
    const flag = (node: Node, texts: string[]) => {
      for (const text of texts) if (hasWords(text)) untranslated.push({ file: rel, line: lineOf(node.start), text: text.trim().slice(0, 80) });
    };
    const { program, errors } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
    if (errors.length) throw new Error(`${rel} does not parse: ${errors[0]!.message}`);
    const visit = (node: Node, parent: Node | null) => {
      switch (node.type) {
        case 'JSXText':
          flag(node, [node.value as string]);
          break;
        case 'JSXExpressionContainer':
          if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment') flag(node, textLeaves(node.expression));
          break;
        case 'JSXAttribute': {
          const name = isNode(node.name) ? ((node.name.name as string) ?? '') : '';
          if (VISIBLE_PROP.test(name)) flag(node, textLeaves(node.value));
          break;
        }
        case 'Property': {
          const key = isNode(node.key) ? ((node.key.name as string) ?? (node.key.value as string)) : '';
          if (typeof key === 'string' && VISIBLE_KEY.test(key)) flag(node, textLeaves(node.value));
          break;
        }
        case 'CallExpression': {
          const name = isNode(node.callee) ? calleeName(node.callee) : '';
          const args = node.arguments as Node[];
          if (name === 't' || name === 'msg' || name.endsWith('.t')) {
            const [first, options] = args;
            const key = first?.type === 'Literal' ? first.value : first?.type === 'TemplateLiteral' && (first.expressions as unknown[]).length === 0 ? textLeaves(first)[0] : null;
            const props = options?.type === 'ObjectExpression' ? (options.properties as Node[]) : [];
            const plural = props.some((p) => isNode(p.key) && p.key.name === 'count');
            // One English word with two senses ("Free" price, "Free" margin) is told apart by a context.
            const context = props.find((p) => isNode(p.key) && p.key.name === 'context' && isNode(p.value) && p.value.type === 'Literal');
            const full = typeof key === 'string' && context ? `${key}_${(context.value as Node).value as string}` : key;
            if (typeof full === 'string') keys.set(full, { plural: plural || (keys.get(full)?.plural ?? false), where: `${rel}:${lineOf(node.start)}` });
            // The key is the translation's source, not a string shown as it is.
            for (const option of options?.type === 'ObjectExpression' ? [options] : []) visit(option, node);
            return;
          }
          if (SHOWN_CALLS.test(name)) for (const arg of args) flag(arg, textLeaves(arg));
          break;
        }
      }
      for (const [field, value] of Object.entries(node)) {
        if (field === 'parent') continue;
        for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, node);
      }
    };
    visit(program as unknown as Node, null);
  }
  return { untranslated, keys };
}

export function catalogue(language: string): Record<string, string> {
  const dir = path.join(LOCALES, language);
  const merged: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const part = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(part)) {
      if (typeof value !== 'string' || value.trim() === '') throw new Error(`${language}/${name}: "${key}" has no text`);
      merged[key] = value;
    }
  }
  return merged;
}

export const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
export const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

