import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { ApprovalRecordDialog } from './ApprovalRecordDialog';
import { createMemoryApprovalSource } from './memory-source';

describe('<ApprovalRecordDialog> (rule 73)', () => {
  it('is titled 审批记录 and lists who, when, the submit and the results in the audit dialog\'s words and the opinion', async () => {
    renderWithProviders(
      <ApprovalRecordDialog opened onClose={() => {}} source={createMemoryApprovalSource()} businessType="purchase_order" businessNo="CG10139001000" />,
    );
    expect(await screen.findByText('审批记录')).toBeTruthy();
    expect(await screen.findByText('张总监')).toBeTruthy();
    expect(screen.getByText('2026-01-07 10:05:00')).toBeTruthy();
    expect(screen.getByText('审核通过')).toBeTruthy();
    expect(screen.getByText('审核驳回')).toBeTruthy();
    expect(screen.queryByText('审批驳回')).toBeNull();
    expect(screen.getByText('退回')).toBeTruthy();
    expect(screen.getByText('赵店长')).toBeTruthy();
    expect(screen.getByText('提交')).toBeTruthy();
    expect(screen.getByText('数量与合同不符，驳回')).toBeTruthy();
  });

  it('says so when there is no record', async () => {
    renderWithProviders(<ApprovalRecordDialog opened onClose={() => {}} source={createMemoryApprovalSource([])} businessType="x" businessNo="y" />);
    expect(await screen.findByText('暂无审批记录')).toBeTruthy();
  });
});
