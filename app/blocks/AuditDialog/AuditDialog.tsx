/**
 * Audit bill (rules 310–315): approve, reject or send back with an opinion. It posts through the documents
 * data source and hands the decision back to the screen that opened it.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import type { ApprovalResult } from '../../../engine/shell';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source/BlocksProvider';
import type { AuditForm } from '../data-source/document-types';
import { AUDIT_REMARK_MAX, DEFAULT_AUDIT_CHOICES, auditError, initialAuditForm } from './auditDialog.logic';

export interface AuditDialogProps {
  opened: boolean;
  onClose: () => void;
  documentType: string;
  documentNo: string;
  /**
   * The results offered, in order: a document's come from its definition (a sent-back state adds send
   * back '3'; rule 313's reject flag leaves reject '2' out).
   */
  choices?: ApprovalResult[];
  /** rule 314: a rejection needs an opinion */
  remarkRequired?: boolean;
  onAudited?: (form: AuditForm) => void;
}

export function AuditDialog({ opened, onClose, documentType, documentNo, choices = DEFAULT_AUDIT_CHOICES, remarkRequired = false, onAudited }: AuditDialogProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const [form, setForm] = useState<AuditForm>(initialAuditForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(initialAuditForm());
      setError(null);
    }
  }, [opened]);

  const submit = async () => {
    const problem = auditError(form, remarkRequired);
    if (problem) {
      const message = t(`documents.audit.${problem}`, { max: AUDIT_REMARK_MAX });
      setError(message);
      notify(message);
      return;
    }
    setSaving(true);
    try {
      const sent = { status: form.status, remark: form.remark.trim() };
      await dataSource.documents.audit(documentType, documentNo, sent);
      notify(t('documents.audit.done'), 'success');
      onAudited?.(sent);
      onClose();
    } catch (err) {
      notify((err as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('documents.audit.title')} size={520}>
      <Stack gap="sm">
        <Radio.Group
          label={t('documents.audit.result')}
          value={form.status}
          onChange={(v) => {
            setForm((f) => ({ ...f, status: v as ApprovalResult }));
            setError(null);
          }}
        >
          <Group gap="lg" mt={4}>
            {choices.map((c) => (
              <Radio key={c} value={c} label={t(`documents.audit.result.${c}`)} size="sm" />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('documents.audit.remark')}
          withAsterisk={form.status === '2' && remarkRequired}
          value={form.remark}
          maxLength={AUDIT_REMARK_MAX}
          autosize
          minRows={3}
          description={`${[...form.remark].length}/${AUDIT_REMARK_MAX}`}
          error={error}
          onChange={(e) => {
            const remark = e.currentTarget.value;
            setForm((f) => ({ ...f, remark }));
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={saving} onClick={submit}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
