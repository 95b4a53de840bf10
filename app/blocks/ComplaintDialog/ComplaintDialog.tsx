/**
 * 投诉举报反馈 (rules 59–72): name, phone, description and 1–5 screenshots. Opens cleared, cannot be closed
 * by clicking outside, says 提交成功 and closes on success.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Input, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeadset } from '@tabler/icons-react';
import {
  checkComplaint,
  COMPLAINT_MAX_IMAGES,
  COMPLAINT_NAME_MAX,
  COMPLAINT_PHONE_MAX,
  COMPLAINT_REMARK_MAX,
  type ComplaintField,
  type ComplaintProblem,
} from '../../../engine/complaint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import type { UploadItem } from '../Upload/types';
import { Upload } from '../Upload/Upload';
import { isUploading, savedUrls } from '../Upload/upload.logic';
import type { ComplaintSource } from './types';

export const DEFAULT_HOTLINE = '400-820-6688';

export interface ComplaintDialogProps {
  opened: boolean;
  onClose: () => void;
  source: ComplaintSource;
  /** rule 72 */
  hotline?: string;
}

type Errors = Partial<Record<ComplaintField, ComplaintProblem>>;

export function ComplaintDialog({ opened, onClose, source, hotline = DEFAULT_HOTLINE }: ComplaintDialogProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<UploadItem[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [createKey, renewKey] = useIdempotencyKey();

  // rule 61: every opening starts from a cleared form (and a new complaint's key)
  useEffect(() => {
    if (!opened) return;
    renewKey();
    setName('');
    setPhone('');
    setRemark('');
    setImages([]);
    setErrors({});
    setSaving(false);
  }, [opened, renewKey]);

  const message = (field: ComplaintField) => (errors[field] ? t(`shell.complaint.${errors[field]}`) : undefined);
  // a field's message goes once the user acts on it; the next submit checks everything again
  const clearError = (field: ComplaintField) => setErrors(({ [field]: _, ...rest }) => rest);
  const changeImages = (next: UploadItem[]) => {
    setImages(next);
    if (next.length) clearError('img_url');
  };

  const submit = async () => {
    const form = { name, phone, remark, img_url: savedUrls(images) };
    const problems = checkComplaint(form);
    setErrors(problems);
    // rule 67: only with at least one saved screenshot and every field valid
    if (Object.keys(problems).length || isUploading(images)) return;
    setSaving(true);
    try {
      await source.submit({ ...form, name: name.trim(), phone: phone.trim(), remark: remark.trim() }, createKey);
      notifications.show({ color: 'green', message: t('shell.complaint.success') });
      onClose();
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.complaint.title')}
      closeOnClickOutside={false}
      size={560}
    >
      <Stack gap="sm">
        <TextInput
          label={t('shell.complaint.name')}
          placeholder={t('shell.complaint.namePlaceholder')}
          withAsterisk
          maxLength={COMPLAINT_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearError('name');
          }}
          error={message('name')}
        />
        <TextInput
          label={t('shell.complaint.phone')}
          placeholder={t('shell.complaint.phonePlaceholder')}
          withAsterisk
          maxLength={COMPLAINT_PHONE_MAX}
          value={phone}
          onChange={(e) => {
            setPhone(e.currentTarget.value);
            clearError('phone');
          }}
          error={message('phone')}
        />
        <Textarea
          label={t('shell.complaint.remark')}
          placeholder={t('shell.complaint.remarkPlaceholder')}
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          maxLength={COMPLAINT_REMARK_MAX}
          value={remark}
          onChange={(e) => {
            setRemark(e.currentTarget.value);
            clearError('remark');
          }}
          error={message('remark')}
        />
        <Input.Wrapper
          label={t('shell.complaint.images')}
          withAsterisk
          description={t('shell.complaint.imagesHint')}
          error={message('img_url')}
        >
          <Stack mt={6}>
            <Upload value={images} onChange={changeImages} source={source} kind="img" limit={COMPLAINT_MAX_IMAGES} multiple />
          </Stack>
        </Input.Wrapper>
        <Alert color="blue" variant="light" icon={<IconHeadset size={18} />} p="xs">
          <Text fz="sm">{t('shell.complaint.reply')}</Text>
          <Text fz="sm" fw={500}>
            {t('shell.complaint.hotline', { phone: hotline })}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={saving} disabled={isUploading(images)}>
            {t('shell.complaint.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
