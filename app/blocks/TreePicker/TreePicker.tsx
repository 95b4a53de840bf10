/** The tree picker dialog: a filter box, the tree with checks, and the chosen list beside it. */
import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Checkbox, Group, Modal, Radio, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconX } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { ListQuery, TreeSourceId } from '../data-source/types';
import { codeName, confirmPicker } from '../Picker/picker.logic';
import type { TreePickerDescription } from '../Picker/picker.types';
import { isChosen, removeChosen } from '../Picker/selection.logic';
import {
  allCodes,
  codeOf,
  filterNodes,
  initialExpanded,
  isLeaf,
  nameOf,
  toggleExpanded,
  toggleNode,
  type TreeNode,
} from './tree.logic';

export interface TreePickerProps<S extends TreeSourceId> {
  description: TreePickerDescription<S>;
  opened: boolean;
  onClose: () => void;
  onConfirm: (nodes: TreeNode[]) => void;
  initialChosen?: TreeNode[];
  multiple?: boolean;
  extraParams?: ListQuery;
}

const NO_NODES: TreeNode[] = [];

export function TreePicker<S extends TreeSourceId>({
  description: desc,
  opened,
  onClose,
  onConfirm,
  initialChosen = NO_NODES,
  multiple = desc.multiple,
  extraParams,
}: TreePickerProps<S>) {
  const t = useT();
  const { dataSource, session, notify } = useBlocks();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<string[]>(initialExpanded(desc));
  const [chosen, setChosen] = useState<TreeNode[]>(initialChosen);
  const code = codeOf(desc);

  useEffect(() => {
    // filters cleared and the field's value taken afresh on every opening
    if (!opened) return;
    setText('');
    setExpanded(initialExpanded(desc));
    setChosen(initialChosen);
  }, [opened]);

  const query = { ...extraParams, ...(desc.fixedParams?.(session) ?? {}) };
  const loaded = useLoad(
    async () => (await dataSource.tree(desc.source, query)) as unknown as TreeNode[],
    JSON.stringify([desc.source, query]),
    opened,
    NO_NODES,
  );
  const nodes = useMemo(() => filterNodes(desc, loaded.data, text), [desc, loaded.data, text]);
  const open = text.trim() ? allCodes(desc, nodes) : expanded;

  const toggle = (node: TreeNode) => {
    const result = toggleNode(desc, chosen, node, multiple);
    if (result.ok) setChosen(result.chosen);
    else notify(t(result.message, result.params), 'warning');
  };

  const confirm = () => {
    const result = confirmPicker(desc, chosen);
    if (!result.ok) return notify(t(result.message), 'warning');
    onConfirm(result.rows);
    onClose();
  };

  const renderNode = (node: TreeNode, depth: number) => {
    const key = code(node);
    const leaf = isLeaf(desc, node);
    const isOpen = !leaf && open.includes(key);
    const Control = multiple ? Checkbox : Radio;
    return (
      <Box key={key}>
        <Group gap={4} wrap="nowrap" pl={depth * 18} py={3}>
          {leaf ? (
            <Box w={22} />
          ) : (
            <ActionIcon size="xs" variant="subtle" color="gray" aria-label={`toggle ${key}`} onClick={() => setExpanded((e) => toggleExpanded(e, key))}>
              {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          )}
          <Control size="xs" aria-label={key} checked={isChosen(chosen, node, code)} onChange={() => toggle(node)} />
          <Text size="sm" style={{ cursor: 'pointer' }} onClick={() => toggle(node)}>
            {codeName(key, nameOf(desc, node))}
          </Text>
        </Group>
        {isOpen && (node.children ?? []).map((child) => renderNode(child, depth + 1))}
      </Box>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t(desc.title)} size={760} centered>
      <SimpleGrid cols={2} spacing="sm">
        <Stack gap="xs">
          <TextInput size="xs" placeholder={t('blocks.filter.treeSearch')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <ScrollArea h={380} type="auto">
            {loaded.loading ? (
              <Text size="sm" c="dimmed">
                {t('blocks.loading')}
              </Text>
            ) : nodes.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {t('blocks.empty')}
              </Text>
            ) : (
              nodes.map((n) => renderNode(n, 0))
            )}
          </ScrollArea>
        </Stack>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('blocks.chosenCount', { count: chosen.length })}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setChosen([])}>
              {t('blocks.clear')}
            </Button>
          </Group>
          <ScrollArea h={380} type="auto">
            <Group gap={6}>
              {chosen.map((node) => (
                <Badge
                  key={code(node)}
                  variant="light"
                  tt="none"
                  rightSection={
                    <IconX size={12} style={{ cursor: 'pointer' }} aria-label={`remove ${code(node)}`} onClick={() => setChosen((c) => removeChosen(c, code(node), code))} />
                  }
                >
                  {codeName(code(node), nameOf(desc, node))}
                </Badge>
              ))}
            </Group>
          </ScrollArea>
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={onClose}>
          {t('blocks.cancel')}
        </Button>
        <Button size="xs" onClick={confirm}>
          {t('blocks.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
