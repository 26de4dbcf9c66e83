import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundsSource, SourceOfFundsOverview } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { http, postForm } from '@/lib/api-client';

export const sourceOfFundsKey = ['money', 'source-of-funds'] as const;

/** GET /source-of-funds: the threshold, what counts against it, and the customer's latest declaration. */
export function useSourceOfFunds() {
  return useQuery({
    queryKey: sourceOfFundsKey,
    queryFn: async () => (await http.get<{ data: SourceOfFundsOverview }>('/source-of-funds')).data,
    // A decision by compliance shows without a reload, as the deposits list does.
    refetchInterval: 15_000,
  });
}

/** The declaration as the form holds it. */
export type DeclarationForm = { source: FundsSource | ''; other_source: string; description: string };

type Answer = { data: SourceOfFundsOverview; message: string };

/** POST /source-of-funds: the fields and the document, multipart. Rejects with the server's `{message, errors}`. */
async function sendDeclaration(form: DeclarationForm, document: File): Promise<Answer> {
  const body = new FormData();
  body.append('source', form.source);
  if (form.source === 'other') body.append('other_source', form.other_source);
  body.append('description', form.description);
  body.append('document', document, document.name);
  return postForm<Answer>('/source-of-funds', body, () => i18next.t('The declaration could not be sent. Please try again.'));
}

/** Sends the declaration and puts the answer in the cache. */
export function useDeclareSourceOfFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, document }: { form: DeclarationForm; document: File }) => sendDeclaration(form, document),
    onSuccess: (answer) => queryClient.setQueryData(sourceOfFundsKey, answer.data),
  });
}
