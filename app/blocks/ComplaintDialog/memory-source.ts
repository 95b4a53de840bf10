import type { ComplaintForm } from '../../../engine/complaint';
import { createMemoryUploadSource, type MemoryUploadOptions } from '../Upload/memory-source';
import type { ComplaintSource } from './types';

/** Stories and tests: uploads in memory, submitted forms collected in `submitted`. */
export function createMemoryComplaintSource(options: MemoryUploadOptions & { failSubmit?: string } = {}): ComplaintSource & { submitted: ComplaintForm[] } {
  const submitted: ComplaintForm[] = [];
  return {
    ...createMemoryUploadSource(options),
    submitted,
    async submit(form) {
      await new Promise((r) => setTimeout(r, 100));
      if (options.failSubmit) throw new Error(options.failSubmit);
      submitted.push(form);
    },
  };
}
