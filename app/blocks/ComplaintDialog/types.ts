import type { ComplaintForm } from '../../../engine/complaint';
import type { UploadSource } from '../Upload/types';

/** The complaint dialog's data source: screenshots go through `upload`, the form through `submit`. */
export interface ComplaintSource extends UploadSource {
  submit(form: ComplaintForm): Promise<void>;
}
