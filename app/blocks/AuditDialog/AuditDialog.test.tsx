import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { AuditDialog } from './AuditDialog';
import { auditChoices as documentAuditChoices } from '../../../engine/document/rules';
import type { DocumentFile } from '../../../engine/document/types';
import { DEFAULT_AUDIT_CHOICES, auditError, initialAuditForm } from './auditDialog.logic';

const definition = (name: string) =>
  JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents', `${name}.json`), 'utf8')) as DocumentFile;

describe('audit rules (rules 310–315)', () => {
  it('rule 311: approved by default', () => {
    expect(initialAuditForm()).toEqual({ status: '1', remark: '' });
  });
  it('rule 312: approve or reject unless told otherwise', () => {
    expect(DEFAULT_AUDIT_CHOICES).toEqual(['1', '2']);
  });
  it('rule 314: the remark is required only for a rejection with the flag on', () => {
    expect(auditError({ status: '2', remark: ' ' }, true)).toBe('remarkRequired');
    expect(auditError({ status: '2', remark: '' }, false)).toBeNull();
    expect(auditError({ status: '3', remark: '' }, true)).toBeNull();
    expect(auditError({ status: '1', remark: '' }, true)).toBeNull();
  });
  it('rule 315: at most 100 characters', () => {
    expect(auditError({ status: '1', remark: '审'.repeat(100) }, true)).toBeNull();
    expect(auditError({ status: '1', remark: '审'.repeat(101) }, true)).toBe('remarkTooLong');
  });
});

describe('<AuditDialog>', () => {
  const doc = { documentType: 'store_delivery', documentNo: 'PS1' };

  it('rule 314: a rejection without an opinion shows 请输入审核意见！ and sends nothing', async () => {
    const dataSource = createMemoryDataSource();
    const audit = vi.spyOn(dataSource.documents, 'audit');
    const { notify } = renderBlock(<AuditDialog opened onClose={() => {}} remarkRequired {...doc} />, { dataSource });
    await userEvent.click(await screen.findByRole('radio', { name: '审核驳回' }));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请输入审核意见！');
    expect(screen.getByText('请输入审核意见！')).toBeTruthy();
    expect(audit).not.toHaveBeenCalled();
  });

  it('sends the decision with its opinion and hands it back', async () => {
    const dataSource = createMemoryDataSource();
    const onAudited = vi.fn();
    const onClose = vi.fn();
    renderBlock(<AuditDialog opened onClose={onClose} remarkRequired onAudited={onAudited} {...doc} />, { dataSource });
    await userEvent.click(await screen.findByRole('radio', { name: '审核驳回' }));
    await userEvent.type(screen.getByRole('textbox'), '数量不符');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onAudited).toHaveBeenCalledWith({ status: '2', remark: '数量不符' }));
    expect(onClose).toHaveBeenCalled();
    const records = await dataSource.documents.approvals(doc.documentType, doc.documentNo);
    expect(records.map((r) => [r.result, r.remark])).toEqual([['2', '数量不符']]);
  });

  it('rule 313: with the reject flag (stock adjustment) the choices are approve and send back', async () => {
    renderBlock(<AuditDialog opened onClose={() => {}} choices={documentAuditChoices(definition('stock-adjustment'))} {...doc} />);
    expect(await screen.findByRole('radio', { name: '退回' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '审核驳回' })).toBeNull();
    expect((screen.getByRole('radio', { name: '审核通过' }) as HTMLInputElement).checked).toBe(true);
  });

  it.each(['purchase-receipt', 'store-outbound'])('%s has a sent-back state: 退回 is offered beside 驳回 and sent without an opinion', async (name) => {
    const dataSource = createMemoryDataSource();
    const onAudited = vi.fn();
    const def = definition(name);
    renderBlock(
      <AuditDialog opened onClose={() => {}} choices={documentAuditChoices(def)} remarkRequired={def.audit!.remark_required} onAudited={onAudited} {...doc} />,
      { dataSource },
    );
    expect(await screen.findByRole('radio', { name: '审核驳回' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3']);
    await userEvent.click(screen.getByRole('radio', { name: '退回' }));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onAudited).toHaveBeenCalledWith({ status: '3', remark: '' }));
  });
});
