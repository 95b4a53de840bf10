import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Center, Group, Loader, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { SalesScreenData } from '../../../engine/shell';
import { useT } from '../../i18n';
import { SCREEN_BG } from './panels';

/** The full-screen dark frame of a data screen: title, snapshot time, back button. */
export function ScreenFrame({ title, data, loading, children }: { title: string; data?: SalesScreenData; loading: boolean; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Box mih="100vh" p="lg" style={{ background: SCREEN_BG, color: 'white' }} data-testid="data-screen">
      <Group justify="space-between" mb="lg">
        <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate('/dashboard')}>
          {t('shell.screen.back')}
        </Button>
        <Title order={2} c="white" fw={700} style={{ letterSpacing: 2 }}>
          {title}
        </Title>
        <Text c="blue.2" fz="sm" w={260} ta="right">
          {data ? t('shell.screen.updatedAt', { time: data.generated_at, n: data.refresh_seconds }) : ''}
        </Text>
      </Group>
      {loading ? (
        <Center py={120}>
          <Loader color="blue" />
        </Center>
      ) : (
        children
      )}
    </Box>
  );
}
