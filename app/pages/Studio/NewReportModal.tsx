/**
 * New report from a dataset: chips (one forced), measures incl. derived ones, one date range with
 * its default kind and restriction, text filters over dimensions and fields, clients and menu group.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { I18nText, ReportFile } from '../../../engine/definition/types';
import { newReportDraft } from '../../../engine/studio/draft';
import type { StudioDataset } from '../../../engine/studio/wire';
import type { ClientType, DateRestriction, DefaultRangeKind } from '../../../engine/wire';
import { optionData } from '../../blocks/DatasetOptionSelect';
import { DateRuleSelect } from '../../blocks/DateRuleSelect';
import { I18nTextInput } from '../../blocks/I18nTextInput';
import { useLocale, useT } from '../../i18n';
import { dateColumnChoices, missingForCreate, REPORT_AREAS } from './new-report.logic';

export interface NewReportModalProps {
  opened: boolean;
  onClose: () => void;
  datasets: StudioDataset[];
  nextId: number;
  onCreate: (report: ReportFile) => void;
}

export function NewReportModal({ opened, onClose, datasets, nextId, onCreate }: NewReportModalProps) {
  const t = useT();
  const lang = useLocale().locale === 'en-US' ? 'en' : 'zh';
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [title, setTitle] = useState<Partial<I18nText>>({});
  const [dimensions, setDimensions] = useState<string[]>([]);
  const [forced, setForced] = useState<string | null>(null);
  const [measures, setMeasures] = useState<string[]>([]);
  const [dateColumn, setDateColumn] = useState<string | null>(null);
  const [defaultKind, setDefaultKind] = useState<string | undefined>('yesterday');
  const [restriction, setRestriction] = useState<string | undefined>('to_yesterday');
  const [filters, setFilters] = useState<string[]>([]);
  const [clients, setClients] = useState<string[]>(['HMT']);
  const [area, setArea] = useState<string | null>('sales');
  const dataset = datasets.find((d) => d.id === datasetId);
  const groups = { base: t('studio.base'), derived: t('studio.derived') };
  // menu groups and date columns by their names alone: their keys mean nothing to the analyst
  const plain = (choices: readonly { id: string; label: I18nText }[]) => choices.map((c) => ({ value: c.id, label: c.label[lang] || c.id }));
  const missing = missingForCreate({ dataset: !!dataset, title, dimensions, forced, measures, clients, area });

  const pickDataset = (id: string | null) => {
    setDatasetId(id);
    setDimensions([]);
    setForced(null);
    setMeasures([]);
    setFilters([]);
    setDateColumn(datasets.find((d) => d.id === id)?.date_columns[0] ?? null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('studio.newFromDataset')} size="lg">
      <Stack gap="xs" data-testid="studio-new">
        <Select
          size="xs"
          label={t('studio.dataset')}
          data={optionData(datasets.map((d) => ({ id: d.id, label: d.title })), lang, groups)}
          value={datasetId}
          onChange={pickDataset}
          allowDeselect={false}
          searchable
        />
        <I18nTextInput label={t('studio.reportTitle')} value={title} onChange={setTitle} required />
        {dataset && (
          <>
            <SimpleGrid cols={2} spacing="xs">
              <MultiSelect
                size="xs"
                label={t('studio.chips')}
                data={optionData(dataset.dimensions, lang, groups) as { value: string; label: string }[]}
                value={dimensions}
                onChange={(v) => {
                  setDimensions(v);
                  if (!forced || !v.includes(forced)) setForced(v[0] ?? null);
                }}
                searchable
              />
              <Select
                size="xs"
                label={t('studio.forced')}
                data={optionData(dataset.dimensions.filter((d) => dimensions.includes(d.id)), lang, groups) as { value: string; label: string }[]}
                value={forced}
                onChange={setForced}
                allowDeselect={false}
              />
            </SimpleGrid>
            <MultiSelect
              size="xs"
              label={t('studio.measures')}
              data={optionData(dataset.measures, lang, groups)}
              value={measures}
              onChange={setMeasures}
              searchable
            />
            <SimpleGrid cols={3} spacing="xs">
              <Select
                size="xs"
                label={t('studio.dateColumn')}
                data={[{ value: '', label: t('studio.noDate') }, ...plain(dateColumnChoices(dataset))]}
                value={dateColumn ?? ''}
                onChange={(v) => setDateColumn(v || null)}
                allowDeselect={false}
              />
              <DateRuleSelect kind="default_kind" label={t('studio.defaultKind')} value={defaultKind} onChange={setDefaultKind} disabled={!dateColumn} />
              <DateRuleSelect kind="restriction" label={t('studio.restriction')} value={restriction} onChange={setRestriction} disabled={!dateColumn} />
            </SimpleGrid>
            <MultiSelect
              size="xs"
              label={t('studio.filters')}
              data={[
                ...(optionData(dataset.dimensions, lang, groups) as { value: string; label: string }[]),
                // named like the dimensions beside them, "name (id)": a field and a dimension may share a name
                ...(optionData(dataset.fields.map((f) => ({ id: f.id, label: f.label ?? { zh: f.id, en: f.id } })), lang, groups) as { value: string; label: string }[]),
              ]}
              value={filters}
              onChange={setFilters}
              searchable
            />
          </>
        )}
        <SimpleGrid cols={2} spacing="xs">
          <Checkbox.Group size="xs" label={t('studio.clients')} value={clients} onChange={setClients}>
            <Group gap="xs" mt={4}>
              {(['HMT', 'HMD', 'HMS'] as const).map((c) => (
                <Checkbox key={c} size="xs" value={c} label={c} />
              ))}
            </Group>
          </Checkbox.Group>
          <Select
            size="xs"
            label={t('studio.area')}
            data={plain(REPORT_AREAS)}
            value={area}
            onChange={setArea}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          {missing && (
            <Text size="xs" c="dimmed" data-testid="studio-new-missing">
              {t(missing)}
            </Text>
          )}
          <Button size="xs" variant="default" onClick={onClose}>
            {t('studio.cancel')}
          </Button>
          <Button
            size="xs"
            disabled={!!missing}
            data-testid="studio-new-create"
            onClick={() =>
              dataset &&
              onCreate(
                newReportDraft({
                  id: nextId,
                  title: { zh: title.zh ?? '', en: title.en ?? '' },
                  dataset,
                  dimensions,
                  forced: forced!,
                  measures,
                  dateColumn,
                  defaultKind: defaultKind as DefaultRangeKind,
                  restriction: restriction as DateRestriction,
                  filters,
                  clients: clients as ClientType[],
                  area: area!,
                }),
              )
            }
          >
            {t('studio.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
