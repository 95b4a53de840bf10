/** Scan-code search: a scanner (or the keyboard) enters a barcode and Enter looks it up (rule 353). */
import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source';
import type { SkuSearchRow } from '../data-source/types';
import { scanQuery } from './skuSearch.logic';

export interface ScanSearchProps {
  onResult: (rows: SkuSearchRow[]) => void;
  sourceType?: string;
  storeNo?: string;
  label?: string;
  size?: 'xs' | 'sm';
  w?: number | string;
}

export function ScanSearch({ onResult, sourceType, storeNo, label, size = 'xs', w = 240 }: ScanSearchProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const scan = async () => {
    const code = text.trim();
    if (!code || busy) return;
    setBusy(true);
    try {
      const page = await dataSource.scanSku(scanQuery(code, { sourceType, storeNo }));
      if (page.list.length === 0) notify(t('blocks.sku.scanNotFound'), 'warning');
      else onResult(page.list);
      setText('');
    } catch {
      // a failed lookup only ends the busy state (rule 408); the code stays for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <TextInput
      size={size}
      w={w}
      label={label}
      leftSection={<IconScan size={14} />}
      placeholder={t('blocks.sku.scanPlaceholder')}
      value={text}
      disabled={busy}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && scan()}
    />
  );
}
