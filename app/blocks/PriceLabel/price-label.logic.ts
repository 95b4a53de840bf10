/** Non-rendering rules of the price-label dialog (building blocks §4–§6, rules 217–235). */
import { LABEL_TEMPLATE_MAX_BYTES, STORE_SHOW_PRINT_TYPE, SYSTEM_DEFAULT_TENANTS } from '../../../engine/print/label';
import type { ClientType } from '../../../engine/wire';
import type { LabelOutcome } from './label-frame';
import type { LabelTemplate } from './types';

/** rule 217: 1 print, 2 preview/create-confirm, 3 add, 4 edit */
export type LabelMode = 1 | 2 | 3 | 4;

export const initialLabelTick = (list: readonly LabelTemplate[]): number | null =>
  (list.find((t) => t.is_default === '1') ?? list.find((t) => t.is_system === '1'))?.id ?? null;

export const canSetSystem = (tenantId: number | string) => SYSTEM_DEFAULT_TENANTS.includes(String(tenantId));

export const showsStoreDisplay = (client: ClientType, printType: number) => client === 'HMT' && printType === STORE_SHOW_PRINT_TYPE;

/**
 * What a failed print tells the user: a driver that answered and refused says why (its own message, else
 * a general refusal) and is not offered for download, as it is running; without an answer, the driver
 * page to download it (rule 247).
 */
export function labelFailure(outcome: Extract<LabelOutcome, { ok: false }>): { message: string | null; key: string; offerDownload: boolean } {
  if (outcome.reason === 'refused') return { message: outcome.message || null, key: 'print.label.refused', offerDownload: false };
  return { message: null, key: 'print.label.noDriver', offerDownload: true };
}

/** i18n key of the first problem of the add/edit form, or null (rules 224–226). */
export function labelFormProblem(name: string, content: string): string | null {
  if (!name.trim()) return 'print.label.confirmNoName';
  if (!content.trim()) return 'print.label.contentRequired';
  return null;
}

/** rules 227–228: an imported template is UTF-8 text, refused above 5M. */
export async function readTemplateFile(file: File): Promise<{ ok: true; text: string } | { ok: false; key: string }> {
  if (file.size > LABEL_TEMPLATE_MAX_BYTES) return { ok: false, key: 'print.label.fileTooLarge' };
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
  return { ok: true, text };
}

/** Copies per goods row: a whole number from 1 to 999. */
export const clampCopies = (n: unknown) => Math.min(999, Math.max(1, Math.floor(Number(n) || 1)));
