import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pickerParams } from '../../../engine/document/picker-params';
import type { DocumentFile } from '../../../engine/document/types';
import { createMemoryDataSource } from '../../blocks/data-source/memory';
import { renderBlock } from '../../blocks/data-source/test-utils';
import { FieldInput } from './FieldInput';

const def = JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents/stock-adjustment.json'), 'utf8')) as DocumentFile;

describe('<FieldInput>', { timeout: 30_000 }, () => {
  it("a picker field's picker reads the document's other fields as the server's check does (picker_params)", async () => {
    const field = def.header.find((f) => f.key === 'center_code')!;
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    const header = { org_code: '2001', center_code: null };
    renderBlock(
      <FieldInput def={def} widget={field.widget} source={field.source} label="仓库" value={null} pickerParams={pickerParams(field, header, header)} onChange={() => {}} />,
      { dataSource },
    );
    await userEvent.click(screen.getByRole('button', { name: /仓库/ }));
    await waitFor(() => expect(list).toHaveBeenCalledWith('warehouse', expect.objectContaining({ org_code: '2001' })));
  });
});
