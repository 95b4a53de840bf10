/** SKU auto-complete: debounced search by code, name or barcode; picking a suggestion returns the row. */
import { useEffect, useRef, useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source';
import type { SkuSearchRow } from '../data-source/types';
import { FILTER_MAXLENGTH } from '../Picker/FilterBar';
import { rankSkus, shouldSearch, SKU_DEBOUNCE_MS, skuSearchQuery } from './skuSearch.logic';

export interface SkuAutocompleteProps {
  onSelect: (row: SkuSearchRow) => void;
  label?: string;
  placeholder?: string;
  /** search every goods source (sku_source 'all') */
  allSources?: boolean;
  backCateCode?: string;
  /** keep the picked text in the box (otherwise it clears for the next entry) */
  keepText?: boolean;
  size?: 'xs' | 'sm';
  w?: number | string;
}

export function SkuAutocomplete({ onSelect, label, placeholder, allSources, backCateCode, keepText, size = 'xs', w = 280 }: SkuAutocompleteProps) {
  const t = useT();
  const { dataSource } = useBlocks();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [rows, setRows] = useState<SkuSearchRow[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    if (!shouldSearch(text)) {
      setRows([]);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(() => {
      setLoading(true);
      dataSource
        .searchSku(skuSearchQuery(text, { allSources, backCateCode }))
        .then((found) => {
          if (id !== request.current) return;
          setRows(rankSkus(found, text));
          combobox.openDropdown();
        })
        .catch(() => id === request.current && setRows([]))
        .finally(() => id === request.current && setLoading(false));
    }, SKU_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, allSources, backCateCode]);

  const pick = (skuNo: string) => {
    const row = rows.find((r) => r.sku_no === skuNo);
    if (!row) return;
    onSelect(row);
    setText(keepText ? `${row.sku_no} - ${row.sku_name}` : '');
    request.current++;
    setRows([]);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          size={size}
          w={w}
          label={label}
          placeholder={placeholder ?? t('blocks.sku.placeholder')}
          maxLength={FILTER_MAXLENGTH}
          value={text}
          rightSection={loading ? <Loader size={14} /> : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
          onFocus={() => rows.length > 0 && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={rows.length === 0}>
        <Combobox.Options>
          {rows.map((r) => (
            <Combobox.Option key={r.sku_no} value={r.sku_no}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {r.sku_no} - {r.sku_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.barcode}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
