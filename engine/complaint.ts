/**
 * Complaint form rules (spec §3, §5, rules 60–67). Pure: the dialog and the server check the same way.
 */

export const COMPLAINT_MAX_IMAGES = 5;
export const COMPLAINT_MIN_IMAGES = 1;
export const COMPLAINT_NAME_MAX = 100;
export const COMPLAINT_PHONE_MAX = 32;
export const COMPLAINT_REMARK_MAX = 1000;

export interface ComplaintForm {
  name: string;
  phone: string;
  remark: string;
  /** saved addresses of the uploaded screenshots */
  img_url: string[];
}

export type ComplaintField = keyof ComplaintForm;

export type ComplaintProblem =
  | 'name_required'
  | 'phone_required'
  | 'remark_required'
  | 'images_required'
  | 'images_too_many'
  | 'name_too_long'
  | 'phone_too_long'
  | 'remark_too_long';

/** Rules 62–64 verbatim; the image and length messages are ours (the spec gives none). */
export const COMPLAINT_MESSAGES_ZH: Record<ComplaintProblem, string> = {
  name_required: '请输入你的姓名',
  phone_required: '请输入联系电话',
  remark_required: '请描述您遇到的问题或需求',
  images_required: '请上传问题截图',
  images_too_many: '最多上传5张截图',
  name_too_long: '姓名不能超过100个字符',
  phone_too_long: '联系电话不能超过32个字符',
  remark_too_long: '问题描述不能超过1000个字符',
};

export const emptyComplaint = (): ComplaintForm => ({ name: '', phone: '', remark: '', img_url: [] });

/** Every problem of the form, one per field, in field order. */
export function checkComplaint(form: ComplaintForm): Partial<Record<ComplaintField, ComplaintProblem>> {
  const problems: Partial<Record<ComplaintField, ComplaintProblem>> = {};
  const name = form.name.trim();
  const phone = form.phone.trim();
  const remark = form.remark.trim();
  if (!name) problems.name = 'name_required';
  else if (name.length > COMPLAINT_NAME_MAX) problems.name = 'name_too_long';
  if (!phone) problems.phone = 'phone_required';
  else if (phone.length > COMPLAINT_PHONE_MAX) problems.phone = 'phone_too_long';
  if (!remark) problems.remark = 'remark_required';
  else if (remark.length > COMPLAINT_REMARK_MAX) problems.remark = 'remark_too_long';
  if (form.img_url.length < COMPLAINT_MIN_IMAGES) problems.img_url = 'images_required';
  else if (form.img_url.length > COMPLAINT_MAX_IMAGES) problems.img_url = 'images_too_many';
  return problems;
}
