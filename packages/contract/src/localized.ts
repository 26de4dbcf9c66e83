import { z } from 'zod';

/**
 * Texts the server writes for a customer (notifications, ledger details) travel as a message key
 * and its parameters, so each reader sees them in their own language. The key is the English
 * message with `{{name}}` placeholders, the same key the web catalogues translate; the English
 * text is kept beside it for readers that do not translate (mail, older clients).
 */

const plainParam = z.union([z.string(), z.number()]);
/** A parameter is shown as it is, or is itself a message (`{ key }`) that the reader sees translated. */
export const messageParam = z.union([plainParam, z.object({ key: z.string(), params: z.record(z.string(), plainParam).optional() })]);
export type MessageParam = z.infer<typeof messageParam>;
export const messageParams = z.record(z.string(), messageParam);
export type MessageParams = z.infer<typeof messageParams>;

/** A message key with its parameters. */
export const localizedText = z.object({ key: z.string(), params: messageParams });
export type LocalizedText = z.infer<typeof localizedText>;

/** Builds a message from its key and parameters. */
export const localized = (key: string, params: MessageParams = {}): LocalizedText => ({ key, params });

/**
 * Fills a message's placeholders, translating with `translate` (the identity gives English); a
 * parameter that is a message is translated and filled the same way.
 */
export function renderMessage(text: LocalizedText, translate: (key: string) => string = (key) => key): string {
  const value = (param: MessageParam | undefined): string => {
    if (param === undefined) return '';
    if (typeof param !== 'object') return String(param);
    return renderMessage({ key: param.key, params: param.params ?? {} }, translate);
  };
  return translate(text.key).replaceAll(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => value(text.params[name]));
}
