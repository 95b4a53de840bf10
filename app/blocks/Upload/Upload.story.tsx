import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Code, Stack } from '@mantine/core';
import type { UploadKind } from '../../../engine/shell';
import { createMemoryUploadSource } from './memory-source';
import type { UploadItem } from './types';
import { Upload } from './Upload';
import { savedUrls } from './upload.logic';

const SAMPLE_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88"><rect width="88" height="88" fill="#d0ebff"/><text x="44" y="50" font-size="14" text-anchor="middle" fill="#1c7ed6">截图</text></svg>');

const saved = (n: number): UploadItem[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: `s${i}`,
    status: '1',
    name: `截图${i + 1}.png`,
    size: 20_480,
    type: 'image/png',
    ext: 'img',
    percentage: 100,
    index: i,
    url: SAMPLE_IMAGE,
    save_url: `/api/uploads/demo-${i}`,
  }));

interface DemoProps {
  kind: UploadKind;
  limit: number;
  multiple: boolean;
  maxBytes: number;
  initial: number;
  /** names whose upload fails */
  failNames: string[];
}

function UploadDemo({ kind, limit, multiple, maxBytes, initial, failNames }: DemoProps) {
  const source = useMemo(() => createMemoryUploadSource({ stepMs: 400, failNames }), [failNames]);
  const [items, setItems] = useState<UploadItem[]>(() => saved(initial));
  return (
    <Box p="md">
      <Stack>
        <Upload value={items} onChange={setItems} source={source} kind={kind} limit={limit} multiple={multiple} maxBytes={maxBytes} />
        <Code block>{JSON.stringify(savedUrls(items), null, 1)}</Code>
      </Stack>
    </Box>
  );
}

const meta: Meta<typeof UploadDemo> = {
  title: 'Blocks/Upload',
  component: UploadDemo,
  args: { kind: 'img', limit: 5, multiple: true, maxBytes: 20 * 1024 * 1024, initial: 0, failNames: [] },
};
export default meta;
type Story = StoryObj<typeof UploadDemo>;

/** Pick images: each shows its progress, then its saved address below. */
export const Empty: Story = {};
/** Three saved screenshots; the X asks before deleting. */
export const WithFiles: Story = { args: { initial: 3 } };
/** At the limit the add button disappears; further files are ignored. */
export const Full: Story = { args: { initial: 5 } };
/** A 100 KB limit: bigger files are refused with 请上传100K以内的文件！ */
export const SmallLimit: Story = { args: { maxBytes: 100 * 1024 } };
/** Without multiple mode only one file is taken per pick. */
export const Single: Story = { args: { multiple: false, limit: 1 } };
/** A file named fail.png fails and leaves the list. */
export const Failing: Story = { args: { failNames: ['fail.png'] } };
/** Video kind: mp4, ogg, mov, 3gp, wmv. */
export const Video: Story = { args: { kind: 'video' } };
