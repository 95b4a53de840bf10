/** 审批记录 (rule 73): who decided, when, the result and the opinion, oldest first. */
import { Badge, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalResult } from '../../../engine/shell';
import { useT } from '../../i18n';
import type { ApprovalRecordSource } from './types';

const RESULT_COLOR: Record<ApprovalResult, string> = { '0': 'blue', '1': 'green', '2': 'red', '3': 'orange' };

export interface ApprovalRecordDialogProps {
  opened: boolean;
  onClose: () => void;
  source: ApprovalRecordSource;
  businessType: string;
  businessNo: string;
}

export function ApprovalRecordDialog({ opened, onClose, source, businessType, businessNo }: ApprovalRecordDialogProps) {
  const t = useT();
  const query = useQuery({
    queryKey: ['approval-records', businessType, businessNo],
    queryFn: () => source.records(businessType, businessNo),
    enabled: opened && !!businessType && !!businessNo,
  });

  const body = () => {
    if (query.isLoading) {
      return (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      );
    }
    if (query.isError) return <Text c="red" fz="sm">{t('shell.approval.loadFailed')}</Text>;
    const list = query.data ?? [];
    return (
      <Table striped withTableBorder verticalSpacing={8} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shell.approval.approver')}</Table.Th>
            <Table.Th>{t('shell.approval.time')}</Table.Th>
            <Table.Th>{t('shell.approval.result')}</Table.Th>
            <Table.Th>{t('shell.approval.remark')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length ? (
            list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.approver_name ?? '-'}</Table.Td>
                <Table.Td>{r.created_at}</Table.Td>
                <Table.Td>
                  <Badge color={RESULT_COLOR[r.result] ?? 'gray'} variant="light">
                    {/* the words the audit dialog offered: one vocabulary for audit results */}
                    {t(`documents.audit.result.${r.result}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.remark || '-'}</Table.Td>
              </Table.Tr>
            ))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text ta="center" c="dimmed" fz="sm" py="md">
                  {t('shell.approval.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.approval.title')} size={680}>
      {body()}
    </Modal>
  );
}
