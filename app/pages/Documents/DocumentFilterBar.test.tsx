import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentFile } from '../../../engine/document/types';
import { renderBlock } from '../../blocks/data-source/test-utils';
import { DocumentFilterBar } from './DocumentFilterBar';
import { initialFilters, resetFilters, visibleFor, type FilterValues } from './documents.logic';

const receipt = JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents/purchase-receipt.json'), 'utf8')) as DocumentFile;
const filters = visibleFor(receipt.filters, 'HMT');

const RANGE: [string, string] = ['2026-11-01', '2026-11-24'];

function Bar({ onSearch, seen }: { onSearch: () => void; seen: FilterValues[] }) {
  const [values, setValues] = useState<FilterValues>(() => ({ ...initialFilters(filters), receive_time: RANGE }));
  const change = (v: FilterValues) => {
    seen.push(v);
    setValues(v);
  };
  return <DocumentFilterBar def={receipt} filters={filters} values={values} onChange={change} onSearch={onSearch} onReset={() => change(resetFilters(filters, values))} />;
}

describe('<DocumentFilterBar>', { timeout: 30_000 }, () => {
  it('building blocks §4: Enter in a field searches', async () => {
    const onSearch = vi.fn();
    renderBlock(<Bar onSearch={onSearch} seen={[]} />);
    const box = screen.getByRole('textbox', { name: '收货单号' });
    fireEvent.change(box, { target: { value: 'SH1' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
  });

  it('the buyer picker returns its choice to the filter, and reset empties it but keeps the not-to-clear date range', async () => {
    const seen: FilterValues[] = [];
    renderBlock(<Bar onSearch={() => {}} seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: '采购员' }));
    await userEvent.click(await screen.findByTestId('row-2002'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('2002 - 王芳')).toBeTruthy();
    expect(seen.at(-1)?.buyer_id).toEqual(['2002']);
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(seen.at(-1)?.buyer_id).toEqual([]);
    expect(seen.at(-1)?.receive_time).toEqual(RANGE);
    expect(screen.queryByText('2002 - 王芳')).toBeNull();
  });

  it('the carrier filter opens its picker', async () => {
    renderBlock(<Bar onSearch={() => {}} seen={[]} />);
    await userEvent.click(screen.getByRole('button', { name: '承运商' }));
    expect(await screen.findByText('顺丰速运')).toBeTruthy();
  });
});
