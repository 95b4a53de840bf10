import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import * as d from '../Picker/descriptions';
import { codeName } from '../Picker/picker.logic';
import type { TreePickerDescription } from '../Picker/picker.types';
import { TreePicker } from './TreePicker';
import { codeOf, nameOf, type TreeNode } from './tree.logic';

function TreeDemo({ description, multiple }: { description: TreePickerDescription<any>; multiple?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [chosen, setChosen] = useState<TreeNode[]>([]);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        打开选择器
      </Button>
      <Code block>{chosen.map((n) => codeName(codeOf(description)(n), nameOf(description, n))).join('\n') || '（未选择）'}</Code>
      <TreePicker description={description} multiple={multiple} opened={opened} initialChosen={chosen} onClose={() => setOpened(false)} onConfirm={setChosen} />
    </Stack>
  );
}

const meta: Meta<typeof TreeDemo> = {
  title: 'Blocks/Pickers/Tree pickers',
  component: TreeDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof TreeDemo>;

/** Role-filtered category tree; level 3 is the leaf level. */
export const Category: Story = { args: { description: d.categoryPicker } };
export const Brand: Story = { args: { description: d.brandPicker } };
/** Opens with 1000 (head office) expanded; at most 999 orgs. */
export const Organisation: Story = { args: { description: d.orgPicker } };
export const OrganisationSingle: Story = { args: { description: d.orgPicker, multiple: false } };
export const Department: Story = { args: { description: d.departmentPicker } };
