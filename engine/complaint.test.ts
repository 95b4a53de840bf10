import { describe, expect, it } from 'vitest';
import { checkComplaint, COMPLAINT_MESSAGES_ZH, emptyComplaint } from './complaint';

const valid = { name: '张三', phone: '13800000000', remark: '报表打不开', img_url: ['/api/uploads/x'] };

describe('complaint form (rules 60–67)', () => {
  it('rule 61: the empty form is cleared', () => expect(emptyComplaint()).toEqual({ name: '', phone: '', remark: '', img_url: [] }));

  it('rules 62–65: an empty form reports every required field with the spec messages', () => {
    const problems = checkComplaint(emptyComplaint());
    expect(problems).toEqual({ name: 'name_required', phone: 'phone_required', remark: 'remark_required', img_url: 'images_required' });
    expect(COMPLAINT_MESSAGES_ZH.name_required).toBe('请输入你的姓名');
    expect(COMPLAINT_MESSAGES_ZH.phone_required).toBe('请输入联系电话');
    expect(COMPLAINT_MESSAGES_ZH.remark_required).toBe('请描述您遇到的问题或需求');
  });

  it('blank text counts as missing', () => expect(checkComplaint({ ...valid, name: '   ' })).toEqual({ name: 'name_required' }));

  it('rule 66: at most 5 screenshots', () => {
    expect(checkComplaint({ ...valid, img_url: Array(5).fill('u') })).toEqual({});
    expect(checkComplaint({ ...valid, img_url: Array(6).fill('u') })).toEqual({ img_url: 'images_too_many' });
  });

  it('rule 67: a complete form with one screenshot passes', () => expect(checkComplaint(valid)).toEqual({}));
});
