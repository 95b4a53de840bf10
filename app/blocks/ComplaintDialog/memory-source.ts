import type { ComplaintForm } from '../../../engine/complaint';
import { createMemoryUploadSource, type MemoryUploadOptions } from '../Upload/memory-source';
import type { ComplaintSource } from './types';

/** Stories and tests: uploads in memory, submitted forms collected in `submitted`, every submit's key in `keys`. */
export function createMemoryComplaintSource(
  options: MemoryUploadOptions & { failSubmit?: string } = {},
): ComplaintSource & { submitted: ComplaintForm[]; keys: string[] } {
  const submitted: ComplaintForm[] = [];
  const keys: string[] = [];
  return {
    ...createMemoryUploadSource(options),
    submitted,
    keys,
    async submit(form, idempotencyKey) {
      keys.push(idempotencyKey);
      await new Promise((r) => setTimeout(r, 100));
      if (options.failSubmit) throw new Error(options.failSubmit);
      submitted.push(form);
    },
  };
}
