import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useT } from '../i18n';

/** The product mark and name; `subtitle` is the client title in the app, nothing on the login page. */
export function BrandMark({ subtitle, size = 'md' }: { subtitle?: string; size?: 'md' | 'lg' }) {
  const t = useT();
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={large ? 36 : 28} radius="md" variant="gradient" gradient={{ from: 'hmBlue.5', to: 'hmBlue.8', deg: 135 }}>
        <IconBuildingStore size={large ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={600} fz={large ? 22 : 16} lh={1.2}>
        {t('common.productName')}
      </Text>
      {subtitle ? (
        <Text c="dimmed" fz="sm" lh={1.2}>
          {subtitle}
        </Text>
      ) : null}
    </Group>
  );
}
