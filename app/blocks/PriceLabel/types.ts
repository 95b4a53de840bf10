import type { LabelGoods } from '../../../engine/print/label';

/** A price-label template as listed (building blocks §3). */
export interface LabelTemplate {
  id: number;
  print_type: number;
  print_template_name: string;
  print_template_content: string;
  is_default: '0' | '1';
  is_system: '0' | '1';
  is_store_show: '0' | '1';
  is_store_show_text: string;
  store_no: string;
  account_id: number;
  name: string;
  created_at: string;
}

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
