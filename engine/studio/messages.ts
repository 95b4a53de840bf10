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

/** The definition checks' English messages (catalogue, studio rules) and their words for an analyst. */
const CHECKS: [RegExp, (m: RegExpExecArray) => { zh: string; en: string }][] = [
  [/^unknown dimension "(.*)"$/, (m) => ({ zh: `数据集中没有维度「${m[1]}」`, en: `The dataset has no dimension "${m[1]}"` })],
  [/^unknown measure "(.*)"$/, (m) => ({ zh: `数据集中没有指标「${m[1]}」`, en: `The dataset has no measure "${m[1]}"` })],
  [/^unknown field "(.*)"$/, (m) => ({ zh: `数据集中没有字段「${m[1]}」`, en: `The dataset has no field "${m[1]}"` })],
  [/^unknown date column "(.*)"$/, (m) => ({ zh: `数据集中没有日期字段「${m[1]}」`, en: `The dataset has no date column "${m[1]}"` })],
  [/^unknown dataset "(.*)"$/, (m) => ({ zh: `没有数据集「${m[1]}」`, en: `There is no dataset "${m[1]}"` })],
  [/^unknown condition "(.*)" in dataset "(.*)"$/, (m) => ({ zh: `数据集「${m[2]}」没有条件「${m[1]}」`, en: `Dataset "${m[2]}" has no condition "${m[1]}"` })],
  [/^duplicate chip "(.*)"$/, (m) => ({ zh: `汇总维度「${m[1]}」重复`, en: `Summary dimension "${m[1]}" appears twice` })],
  [/^duplicate filter id "(.*)"$/, (m) => ({ zh: `条件编号「${m[1]}」重复`, en: `Filter id "${m[1]}" appears twice` })],
  [/^duplicate indicator "(.*)"$/, (m) => ({ zh: `指标「${m[1]}」重复`, en: `Measure "${m[1]}" appears twice` })],
  [/^duplicate date range index "(.*)"$/, (m) => ({ zh: `日期范围序号 ${m[1]} 重复`, en: `Date range number ${m[1]} appears twice` })],
  [/^unknown operator id (.*)$/, (m) => ({ zh: `没有运算 ${m[1]}`, en: `There is no operator ${m[1]}` })],
  [/^default_operator must be one of operators$/, () => ({ zh: '默认运算须在可选运算之中', en: 'The default operator must be one of the operators' })],
  [/^widget "(.*)" needs a source$/, () => ({ zh: '此输入方式需要选项来源', en: 'This input needs a source of options' })],
  [/^a condition field takes operators 1 and 8 only$/, () => ({ zh: '条件字段只能用“等于”和“包含于”', en: 'A condition field takes "equals" and "in" only' })],
  [/^a measure filter needs a sum, count, min or max measure$/, () => ({ zh: '只能按合计、计数、最小或最大类指标筛选', en: 'Only sum, count, min or max measures can be filtered' })],
  [/^no row scope for (.*) \(dataset or report scope\)$/, (m) => ({ zh: `此数据集不能开放给 ${m[1]} 端（没有数据范围限定）`, en: `This dataset cannot be opened to ${m[1]} (no row scope)` })],
  [/^range 1 cannot be a comparison range$/, () => ({ zh: '主日期不能是对比期', en: 'Range 1 cannot be a comparison range' })],
  [/^a comparison range filters the same column as range 1$/, () => ({ zh: '对比期须与主日期用同一日期字段', en: 'A comparison range filters the same date column as range 1' })],
  [/^no range (\d+)$/, (m) => ({ zh: `没有序号为 ${m[1]} 的日期范围`, en: `There is no date range ${m[1]}` })],
  [/^a report with date ranges needs range 1$/, () => ({ zh: '有日期范围时须有序号 1 的主日期', en: 'A report with date ranges needs range 1' })],
  [
    /^measure "(.*)" reads range (\d+), which this report does not have as a comparison range$/,
    (m) => ({ zh: `指标「${m[1]}」读取对比期 ${m[2]}，请先添加该对比期`, en: `Measure "${m[1]}" reads comparison range ${m[2]}; add that range first` }),
  ],
  [/^output column "(.*)" appears twice \(chip column and indicator\)$/, (m) => ({ zh: `列「${m[1]}」既是维度列又是指标`, en: `Column "${m[1]}" is both a dimension column and a measure` })],
  [/^expected "column asc" or "column desc"$/, () => ({ zh: '请写成“列名 asc”或“列名 desc”', en: 'Write "column asc" or "column desc"' })],
  [/^"(.*)" is not an output column$/, (m) => ({ zh: `「${m[1]}」不是报表中的列`, en: `"${m[1]}" is not a column of the report` })],
  [/^unknown (option list|dictionary code|enumeration|picker|cascader) "?([^"]*)"?$/, (m) => ({ zh: `没有选项来源「${m[2]}」`, en: `There is no ${m[1]} "${m[2]}"` })],
  [/^a report definition must be a JSON object$/, () => ({ zh: '报表定义须是一个 JSON 对象', en: 'A report definition must be a JSON object' })],
  [/^a studio report id must be above (\d+)$/, (m) => ({ zh: `自建报表编号须大于 ${m[1]}`, en: `A custom report id must be above ${m[1]}` })],
  [/^"(.*)" is not allowed in a studio report$/, (m) => ({ zh: `自建报表不能设置「${m[1]}」`, en: `A custom report cannot set "${m[1]}"` })],
];

/** A definition check's message for the analyst; one the table does not know stays as it is. */
export function checkMessage(message: string, lang: StudioLang): string {
  for (const [pattern, words] of CHECKS) {
    const m = pattern.exec(message);
    if (m) return words(m)[lang];
  }
  return message;
}
