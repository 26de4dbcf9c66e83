import { chatMessageResponse, chatMessagesPage, chatUploadResponse, unreadCountResponse, type ChatMessage } from '@bourse/contract';
import { ApiError, apiUrl, authHeaders, http, serverWords } from '@/lib/api-client';
import { msg } from '@/i18n/i18n';

/** Query keys of the chat caches, shared by the customer and the admin chat. */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (customerId: number) => ['chat', 'messages', customerId] as const,
  unread: () => ['chat', 'unread'] as const,
};

export const INVALID_RESPONSE = msg('Invalid response from server');

/** SPEC §3: chat pages carry `data` and `next_page_url`. */
const chatPage = chatMessagesPage.pick({ data: true, next_page_url: true });
export type ChatPage = { data: ChatMessage[]; next_page_url: string | null };

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** GET /chat/messages: page 1 is the newest; `after` lists what came since (polling). */
export async function getMessages(opts: { page: number; customerId?: number; after?: string }): Promise<ChatPage> {
  const raw = await http.get<unknown>(`/chat/messages?${query({ page: opts.page, customer_id: opts.customerId, after: opts.after })}`);
  const parsed = chatPage.safeParse(raw);
  if (!parsed.success) {
    console.error(INVALID_RESPONSE, parsed.error);
    throw new Error(INVALID_RESPONSE);
  }
  return parsed.data;
}

/** POST /chat/messages; `customer_id` only when an admin writes. */
export async function sendMessage(body: { message: string; attachments: string[]; customer_id?: number }): Promise<ChatMessage> {
  const raw = await http.post<unknown>('/chat/messages', body);
  const parsed = chatMessageResponse.safeParse(raw);
  if (!parsed.success) throw new Error(INVALID_RESPONSE);
  return parsed.data.data;
}

export async function getUnreadCount(): Promise<number> {
  return unreadCountResponse.parse(await http.get<unknown>('/chat/unread-count')).unread_count;
}

export type UploadResult = ReturnType<typeof chatUploadResponse.parse>;

/**
 * POST /chat/upload as multipart with upload progress (fetch cannot report it, so XHR).
 * `onProgress` receives whole percents; the abort signal cancels the upload.
 */
export function uploadFile(file: File, opts: { customerId?: number; onProgress: (percent: number) => void; signal?: AbortSignal }): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // An admin names the conversation the file is for; a customer's is always their own.
    const url = apiUrl(`/chat/upload${opts.customerId === undefined ? '' : `?customer_id=${opts.customerId}`}`);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = chatUploadResponse.safeParse(body);
        return parsed.success ? resolve(parsed.data) : reject(new Error(INVALID_RESPONSE));
      }
      console.error('API error', { status: xhr.status, statusText: xhr.statusText, data: body, url, method: 'POST' });
      const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? serverWords(body.message) : xhr.statusText;
      reject(new ApiError(xhr.status, message, { message }));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server.', null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
