import { useCallback, useState } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * A create form's Idempotency-Key: every save of the form sends the same key, so a retried or
 * doubled save answers the first record; `renew` starts over for the next record (the form reopened).
 */
export function useIdempotencyKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}
