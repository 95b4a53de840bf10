/** An in-memory upload source for stories and tests: progress in steps, the file kept as a data URL. */
import type { UploadResult } from '../../../engine/shell';
import type { UploadRequest, UploadSource } from './types';

export interface MemoryUploadOptions {
  /** ms per 25 % of progress */
  stepMs?: number;
  /** names that fail, to show the failure path */
  failNames?: string[];
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });

export function createMemoryUploadSource({ stepMs = 150, failNames = [] }: MemoryUploadOptions = {}): UploadSource {
  let next = 1;
  return {
    async upload(file: File, { kind, onProgress }: UploadRequest): Promise<UploadResult> {
      for (const pct of [25, 50, 75]) {
        await new Promise((r) => setTimeout(r, stepMs));
        onProgress?.(pct);
      }
      if (failNames.includes(file.name)) throw new Error('上传失败');
      const url = await readAsDataUrl(file);
      const id = `mem-${next++}`;
      return { id, name: file.name, size: file.size, type: file.type, ext: kind, url, save_url: `/api/uploads/${id}` };
    },
  };
}
