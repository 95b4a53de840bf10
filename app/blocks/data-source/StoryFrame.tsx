/** Story decorator content: a BlocksProvider over the in-memory data source (no server). */
import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { BlocksProvider, DEMO_SESSIONS } from './BlocksProvider';
import { createMemoryDataSource } from './memory';
import type { BlockSession } from './types';

const storySource = createMemoryDataSource({ delay: 250 });

export function StoryFrame({ children, session = DEMO_SESSIONS.HMT }: { children: ReactNode; session?: BlockSession }) {
  return (
    <BlocksProvider dataSource={storySource} session={session}>
      <Box p="md" bg="gray.0" mih={420}>
        {children}
      </Box>
    </BlocksProvider>
  );
}
