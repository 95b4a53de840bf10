import { useState } from 'react';
import { Image } from '@mantine/core';
import { useT } from '../../i18n';
import { FALLBACK_LOGO, logoFor } from './logo';

/** Rules 4–5: the tenant's logo, or the fallback image when it cannot be loaded. */
export function TenantLogo({ tenantId, size = 28 }: { tenantId: number | null | undefined; size?: number }) {
  const t = useT();
  const wanted = logoFor(tenantId);
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? FALLBACK_LOGO : wanted;
  return (
    <Image
      src={src}
      alt={t('shell.logoAlt')}
      w={size}
      h={size}
      radius="sm"
      fit="contain"
      data-testid="tenant-logo"
      data-fallback={src === FALLBACK_LOGO ? '1' : '0'}
      onError={() => setFailed(wanted)}
    />
  );
}
