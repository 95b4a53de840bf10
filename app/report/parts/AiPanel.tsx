/**
 * The AI interpretation panel (spec §4, §7; rules 173–175): opened from its button with the current
 * query, the answer shown as it streams; the page closes it when a new fetch starts. It sits beside the
 * table rather than over the page, so filters, sorting and the pager stay usable while it is open.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, CloseButton, Group, List, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReportQuery } from '../../../engine/wire';
import { useT } from '../../i18n';
import { parseMarkdown, type Inline } from '../markdown.logic';
import { useReportSource } from '../source';
import classes from './AiPanel.module.css';

export interface AiPanelProps {
  opened: boolean;
  onClose: () => void;
  query: ReportQuery | null;
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) => (p.bold ? <strong key={i}>{p.text}</strong> : <span key={i}>{p.text}</span>))}
    </>
  );
}

export function Markdown({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      {parseMarkdown(text).map((block, i) => {
        if (block.kind === 'heading')
          return (
            <Title key={i} order={block.level + 3 > 6 ? 6 : ((block.level + 3) as 4 | 5 | 6)}>
              <InlineText parts={block.content} />
            </Title>
          );
        if (block.kind === 'list')
          return (
            <List key={i} size="sm" type={block.ordered ? 'ordered' : 'unordered'} spacing={2}>
              {block.items.map((item, j) => (
                <List.Item key={j}>
                  <InlineText parts={item} />
                </List.Item>
              ))}
            </List>
          );
        if (block.kind === 'quote')
          return (
            <Text key={i} size="xs" c="dimmed" pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
              <InlineText parts={block.content} />
            </Text>
          );
        return (
          <Text key={i} size="sm">
            <InlineText parts={block.content} />
          </Text>
        );
      })}
    </Stack>
  );
}

type Stream = { text: string; status: 'idle' | 'streaming' | 'done' | 'failed'; error?: string };

export function AiPanel({ opened, onClose, query }: AiPanelProps) {
  const t = useT();
  const source = useReportSource();
  const [stream, setStream] = useState<Stream>({ text: '', status: 'idle' });

  useEffect(() => {
    if (!opened || !query) return;
    const controller = new AbortController();
    setStream({ text: '', status: 'streaming' });
    (async () => {
      try {
        for await (const chunk of source.ai(query, controller.signal)) {
          setStream((s) => ({ ...s, text: s.text + chunk }));
        }
        setStream((s) => ({ ...s, status: 'done' }));
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') return;
        setStream((s) => ({ ...s, status: 'failed', error: (error as Error)?.message }));
      }
    })();
    return () => controller.abort();
  }, [opened, query, source]);

  if (!opened) return null;
  return (
    <Card className={classes.panel} data-testid="ai-panel" role="complementary" aria-label={t('report.aiTitle')}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={5}>{t('report.aiTitle')}</Title>
        <CloseButton aria-label={t('report.close')} onClick={onClose} />
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 220px)" offsetScrollbars>
        {stream.text && <Markdown text={stream.text} />}
        {stream.status === 'streaming' && (
          <Text size="sm" c="dimmed" mt="sm" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Loader size="xs" type="dots" />
            {t('report.aiLoading')}
          </Text>
        )}
        {stream.status === 'done' && !stream.text && <Text c="dimmed">{t('report.aiEmpty')}</Text>}
        {stream.status === 'failed' && (
          <Alert color="red" mt="sm">
            {stream.error || t('report.aiFailed')}
          </Alert>
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}
