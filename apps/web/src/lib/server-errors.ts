import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/api-client';

/** Puts the server's field messages on the form's fields; anything else becomes a toast. */
export function showServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string): void {
  if (error instanceof ApiError && error.body?.errors) {
    let placed = false;
    for (const [name, message] of Object.entries(error.fields())) {
      const field = fields.find((f) => f === name);
      if (field) {
        setError(field, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (placed) return;
  }
  toast.error(errorMessage(error, fallback));
}
