/**
 * Schema errors of a studio draft in the analyst's language: ajv's keyword and parameters turned
 * into a short message for the field it is shown at (the field's own title says which field).
 */
import type { ErrorObject } from 'ajv';

export type StudioLang = 'zh' | 'en';

type Params = Record<string, unknown>;

const TYPE_NAMES: Record<string, { zh: string; en: string }> = {
  number: { zh: '数字', en: 'a number' },
  integer: { zh: '整数', en: 'a whole number' },
  string: { zh: '文本', en: 'text' },
  boolean: { zh: '是或否', en: 'yes or no' },
  array: { zh: '列表', en: 'a list' },
  object: { zh: '一组设置', en: 'a group of settings' },
};

const MESSAGES: Record<string, (p: Params) => { zh: string; en: string }> = {
  required: () => ({ zh: '必填', en: 'Required' }),
  minLength: (p) => (p.limit === 1 ? { zh: '不能为空', en: 'Must not be empty' } : { zh: `至少 ${p.limit} 个字`, en: `At least ${p.limit} characters` }),
  maxLength: (p) => ({ zh: `最多 ${p.limit} 个字`, en: `At most ${p.limit} characters` }),
  minItems: (p) => ({ zh: `至少 ${p.limit} 项`, en: `At least ${p.limit} items` }),
  maxItems: (p) => ({ zh: `最多 ${p.limit} 项`, en: `At most ${p.limit} items` }),
  minimum: (p) => ({ zh: `不能小于 ${p.limit}`, en: `Must be ${p.limit} or more` }),
  maximum: (p) => ({ zh: `不能大于 ${p.limit}`, en: `Must be ${p.limit} or less` }),
  type: (p) => {
    const name = TYPE_NAMES[String(p.type).split(',')[0]] ?? { zh: String(p.type), en: String(p.type) };
    return { zh: `应填${name.zh}`, en: `Must be ${name.en}` };
  },
  enum: () => ({ zh: '请从可选项中选择', en: 'Choose one of the options' }),
  const: () => ({ zh: '请从可选项中选择', en: 'Choose one of the options' }),
  additionalProperties: (p) => ({ zh: `没有「${p.additionalProperty}」这项设置`, en: `There is no setting "${p.additionalProperty}"` }),
  pattern: () => ({ zh: '格式不对', en: 'Not in the expected form' }),
  format: () => ({ zh: '格式不对', en: 'Not in the expected form' }),
  uniqueItems: () => ({ zh: '有重复的项', en: 'Has repeated items' }),
  anyOf: () => ({ zh: '请选择一种写法并填完整', en: 'Choose one of the forms and fill it in' }),
  oneOf: () => ({ zh: '请选择一种写法并填完整', en: 'Choose one of the forms and fill it in' }),
};

export function schemaMessage(keyword: string, params: Params, lang: StudioLang): string {
  const message = MESSAGES[keyword]?.(params) ?? { zh: '填写有误', en: 'Not valid' };
  return message[lang];
}

/** An rjsf localizer: rewrites each ajv error's message in place. */
export function localizer(lang: StudioLang): (errors?: null | ErrorObject[]) => void {
  return (errors) => {
    for (const e of errors ?? []) e.message = schemaMessage(e.keyword, e.params as Params, lang);
  };
}
