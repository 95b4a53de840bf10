/** An in-memory price-label source for stories and tests: templates, goods and the driver link, no server. */
import type { LabelGoods, LabelTemplate } from '../../../engine/print/label';
import { PRICE_TAG_TYPE } from '../../../engine/print/label';
import type { PriceLabelSource } from './types';

export function createMemoryPriceLabelSource(
  seed: Partial<LabelTemplate>[] = [],
  goods: LabelGoods[] = [],
): PriceLabelSource & { templates: LabelTemplate[] } {
  let next = 1;
  const make = (p: Partial<LabelTemplate>): LabelTemplate => ({
    id: next++, print_type: PRICE_TAG_TYPE, print_template_name: '价签', print_template_content: '<label w="60" h="40"/>', is_default: '0', is_system: '0',
    is_store_show: '0', is_store_show_text: '否', store_no: '0', account_id: 1, name: '管理员', created_at: '2026-11-24 10:00:00', updated_at: '2026-11-24 10:00:00', ...p,
  });
  const templates = seed.map(make);
  const find = (id: number) => templates.find((x) => x.id === id)!;
  return {
    templates,
    list: async (printType) => {
      const list = templates.filter((x) => x.print_type === printType).sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);
      return { list, total: list.length, token: 'memory' };
    },
    save: async (v) => {
      if (v.id) Object.assign(find(v.id), { print_template_name: v.print_template_name, print_template_content: v.print_template_content });
      else templates.push(make({ print_type: v.print_type, print_template_name: v.print_template_name, print_template_content: v.print_template_content }));
    },
    setDefault: async (id) => {
      for (const x of templates) x.is_default = x.id === id ? '1' : '0';
    },
    setSystem: async (id) => {
      for (const x of templates) x.is_system = x.id === id ? '1' : '0';
    },
    setStoreShow: async (id, show) => {
      find(id).is_store_show = show;
    },
    remove: async (id) => {
      templates.splice(templates.indexOf(find(id)), 1);
    },
    exportText: async (id) => new Blob([find(id).print_template_content]),
    driverUrl: async () => '/label-driver.html',
    goods: async (skuNos) => goods.filter((g) => skuNos.includes(g.sku_no)),
  };
}
