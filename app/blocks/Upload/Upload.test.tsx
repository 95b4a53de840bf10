import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from '../data-source/test-utils';
import { createMemoryUploadSource } from './memory-source';
import { Upload } from './Upload';
import type { UploadItem } from './types';

const saved: UploadItem = {
  uid: 'a',
  status: '1',
  name: '送货单.png',
  size: 1024,
  type: 'image/png',
  ext: 'img',
  percentage: 100,
  index: 0,
  url: '',
  save_url: '/files/a.png',
};

describe('<Upload>', () => {
  it('a saved image whose file is not read yet gets no empty address (the browser would fetch the page again)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderBlock(<Upload value={[saved]} onChange={() => {}} source={createMemoryUploadSource()} />);
      const img = await screen.findByAltText('送货单.png');
      expect(img.getAttribute('src')).toBeNull();
      expect(errors.mock.calls.filter((c) => String(c[0]).includes('empty string'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
