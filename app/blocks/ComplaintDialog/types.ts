import type { ComplaintForm } from '../../../engine/complaint';
import type { UploadSource } from '../Upload/types';

/**
 * The complaint dialog's data source: screenshots go through `upload`, the form through `submit`,
 * with the opened form's Idempotency-Key (a repeated submit stores one complaint).
 */
export interface ComplaintSource extends UploadSource {
  submit(form: ComplaintForm, idempotencyKey: string): Promise<void>;
}
