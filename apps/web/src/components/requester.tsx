import { DateTime } from '@/components/date-time';

/** Who is behind a back-office request and when it came in, as every queue shows them. */
export function Requester({ name, email, at }: { name: string; email: string; at: string }) {
  return (
    <>
      <p className="break-words font-medium">{name}</p>
      {/* Staff compare the address letter by letter, so a long one wraps rather than being cut. */}
      <p className="break-all text-xs text-muted">{email}</p>
      <p className="text-xs text-muted">
        <DateTime iso={at} withYear />
      </p>
    </>
  );
}
