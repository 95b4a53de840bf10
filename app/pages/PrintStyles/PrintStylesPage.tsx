/** The print-style page: pick a document type, manage its styles (building blocks §3–§6). */
import { useEffect, useMemo, useState } from 'react';
import { Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { actorOf, type PrintSourceType } from '../../../engine/print/styles';
import { useSession } from '../../api';
import { createHttpPrintStyleSource, PrintStylePanel } from '../../blocks/PrintStyle';
import { useLocale, useT } from '../../i18n';

export function PrintStylesPage() {
  const t = useT();
  const { locale } = useLocale();
  const { data: session } = useSession();
  const source = useMemo(() => createHttpPrintStyleSource(), []);
  const [types, setTypes] = useState<PrintSourceType[]>([]);
  const [sourceType, setSourceType] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number | null>(null);

  useEffect(() => {
    source
      .sourceTypes()
      .then((list) => {
        setTypes(list);
        setSourceType((v) => v ?? list[0]?.source_type ?? null);
      })
      .catch(() => undefined);
  }, [source]);

  if (!session) return null;
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{t('print.page.title')}</Title>
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              {t('print.sourceType')}
            </Text>
            <Select
              size="xs"
              w={200}
              data-testid="source-type"
              data={types.map((s) => ({ value: String(s.source_type), label: `${locale === 'en-US' ? s.name_en : s.name}（${s.source_type}）` }))}
              value={sourceType === null ? null : String(sourceType)}
              onChange={(v) => v && setSourceType(Number(v))}
              allowDeselect={false}
            />
          </Group>
        </Group>
        {sourceType !== null && (
          <PrintStylePanel key={sourceType} source={source} sourceType={sourceType} actor={actorOf(session)} ticked={ticked} onTick={setTicked} />
        )}
      </Stack>
    </Card>
  );
}
