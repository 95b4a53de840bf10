/** 打印价签 on the goods page: opens the price-label dialog with this product (more can be added there). */
import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { labelOwnerOf } from '../../../engine/print/label';
import { useSession } from '../../api';
import { createHttpPriceLabelSource, PriceLabelDialog } from '../../blocks/PriceLabel';
import { useT } from '../../i18n';

export function PrintLabelsButton({ skuNo }: { skuNo: string }) {
  const t = useT();
  const { data: session } = useSession();
  const [opened, setOpened] = useState(false);
  const source = useMemo(() => createHttpPriceLabelSource(), []);
  const skus = useMemo(() => [skuNo], [skuNo]);
  if (!session) return null;
  return (
    <>
      <Button size="xs" variant="light" ml="auto" onClick={() => setOpened(true)}>
        {t('print.label.button')}
      </Button>
      <PriceLabelDialog opened={opened} onClose={() => setOpened(false)} source={source} viewer={{ client: session.client, owner: labelOwnerOf(session), account_id: session.account_id }} tenantId={session.tenant_id} skuNos={skus} />
    </>
  );
}
