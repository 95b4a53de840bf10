import { useMemo, useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { ComplaintDialog } from '../../blocks/ComplaintDialog/ComplaintDialog';
import { createHttpComplaintSource } from '../../blocks/ComplaintDialog/http-source';
import { useT } from '../../i18n';

const HOTLINE = import.meta.env.VITE_HOTLINE as string | undefined;

/** Rule 13: the header opens the complaint dialog. */
export function ComplaintButton() {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const source = useMemo(createHttpComplaintSource, []);
  return (
    <>
      <Tooltip label={t('shell.complaint.label')} withinPortal>
        <ActionIcon size="lg" aria-label={t('shell.complaint.label')} data-testid="complaint-button" data-tour="complaint" onClick={() => setOpened(true)}>
          <IconMessageReport size={18} />
        </ActionIcon>
      </Tooltip>
      <ComplaintDialog opened={opened} onClose={() => setOpened(false)} source={source} hotline={HOTLINE || undefined} />
    </>
  );
}
