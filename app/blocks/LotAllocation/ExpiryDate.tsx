/** A lot's expiry date, with 已过期 beside it once the date has passed (the lot may still be chosen: scrapping). */
import { Badge, Group } from '@mantine/core';
import { lotExpired } from '../../../engine/stock/expiry';
import { useT } from '../../i18n';

export function ExpiryDate({ date, today }: { date: string | null | undefined; today: string }) {
  const t = useT();
  if (!date) return <>-</>;
  return lotExpired(date, today) ? (
    <Group gap={4} wrap="nowrap">
      <span>{date}</span>
      <Badge size="xs" color="red" variant="light" data-testid="lot-expired">
        {t('documents.lots.expired')}
      </Badge>
    </Group>
  ) : (
    <>{date}</>
  );
}
