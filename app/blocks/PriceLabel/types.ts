import type { LabelGoods, LabelTemplate } from '../../../engine/print/label';

export type { LabelTemplate };

export interface PriceLabelSource {
  list(printType: number): Promise<{ list: LabelTemplate[]; total: number; token: string }>;
  save(t: { id?: number; token?: string; print_type: number; print_template_name: string; print_template_content: string }): Promise<void>;
  setDefault(id: number): Promise<void>;
  setSystem(id: number): Promise<void>;
  setStoreShow(id: number, show: '0' | '1'): Promise<void>;
  remove(id: number): Promise<void>;
  exportText(id: number): Promise<Blob>;
  driverUrl(): Promise<string>;
  goods(skuNos: string[]): Promise<LabelGoods[]>;
}
