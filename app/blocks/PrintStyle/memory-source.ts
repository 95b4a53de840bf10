/** An in-memory print-style source for stories and tests: the server's default and refusal rules, no server. */
import { alreadyDefaultMessage, PRINT_SOURCE_TYPES, refuseDelete, refuseEdit, type PrintStyle, type StyleActor } from '../../../engine/print/styles';
import type { PrintStyleSource } from './types';

export function createMemoryPrintStyleSource(
  actor: StyleActor,
  seed: Partial<PrintStyle>[] = [],
): PrintStyleSource & { styles: PrintStyle[]; printed: { id: number; count: number }[]; keys: string[] } {
  let next = 1;
  const make = (p: Partial<PrintStyle>): PrintStyle => ({
    id: next++, report_name: '样式', source_type: 102, description: '', is_default: 0, is_default_text: '否', custom: 0, is_hmd_show: 0, is_hms_show: 0,
    provider_no: '0', store_no: '0', templet_path: '', created_by_text: '管理员', created_at: '2026-11-24 10:00:00', updated_by_text: '', last_modify: '', file: 'style.json', ...p,
  });
  const styles = seed.map(make);
  const printed: { id: number; count: number }[] = [];
  const keys: string[] = [];
  const find = (id: number) => styles.find((s) => s.id === id)!;
  return {
    styles,
    printed,
    keys,
    sourceTypes: async () => [...PRINT_SOURCE_TYPES],
    list: async (t) => {
      const list = styles.filter((s) => s.source_type === t).sort((a, b) => b.is_default - a.is_default || a.id - b.id);
      return { list, total: list.length };
    },
    save: async (v, idempotencyKey) => {
      // as the server: a key already answered stores nothing again
      if (keys.includes(idempotencyKey)) return;
      keys.push(idempotencyKey);
      const fields = { report_name: v.report_name, description: v.description, source_type: v.source_type, custom: v.custom, is_hmd_show: (v.custom === 1 ? 1 : 0) as 0 | 1, is_hms_show: (v.custom === 2 ? 1 : 0) as 0 | 1 };
      if (v.id) {
        const refusal = refuseEdit(actor, find(v.id));
        if (refusal) throw new Error(refusal);
        Object.assign(find(v.id), fields);
      } else styles.push(make({ ...fields, provider_no: actor.provider_no }));
    },
    setDefault: async (id) => {
      const s = find(id);
      if (s.is_default === 1) throw new Error(alreadyDefaultMessage(s.report_name));
      styles.filter((x) => x.source_type === s.source_type).forEach((x) => (x.is_default = x.id === id ? 1 : 0));
    },
    remove: async (id) => {
      const refusal = refuseDelete(actor, find(id));
      if (refusal) throw new Error(refusal);
      styles.splice(styles.indexOf(find(id)), 1);
    },
    builtModelUrl: async (t) => `/api/print/built_model/${t}-1.json`,
    builtModel: async (t) => new File([JSON.stringify({ title: `built-in ${t}` })], `${t}-1.json`, { type: 'application/json' }),
    exportFile: async (id) => new Blob([JSON.stringify({ title: find(id).report_name })]),
    print: async (id, docs) => {
      printed.push({ id, count: docs.length });
      return new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    },
  };
}
