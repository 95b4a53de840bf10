/**
 * Keys for idempotent creates: a create form holds one key from its first save until it
 * becomes the created record, so a repeated or retried save answers the first record.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key; getRandomValues works on plain http too, where randomUUID does not exist. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
