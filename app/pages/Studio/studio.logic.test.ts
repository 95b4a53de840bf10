import { describe, expect, it } from 'vitest';
import reportSchema from '../../../schemas/report.schema.json';
import type { ReportFile } from '../../../engine/definition/types';
import { copyAsNew, diffValue, errorTree, parseJsonText, studioFormSchema } from './studio.logic';

describe('studio.logic', () => {
  it('the form schema is the generated report schema without row scope, table mapping or tab wiring', () => {
    const schema = studioFormSchema(reportSchema as { properties: Record<string, unknown> });
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'chips', 'indicators', 'dates']));
    for (const key of ['scope', 'tables', 'history', 'history_family', 'special_tenant_only']) expect(schema.properties).not.toHaveProperty(key);
    expect(reportSchema.properties).toHaveProperty('scope');
  });

  it('errors land at their JSON pointer, several at one field kept together', () => {
    expect(
      errorTree([
        { file: 'f', pointer: '/chips/1/dimension', message: 'unknown dimension "x"' },
        { file: 'f', pointer: '/chips/1/dimension', message: 'duplicate chip "x"' },
        { file: 'f', pointer: '', message: 'whole' },
        { file: 'f', pointer: '/a~1b', message: 'escaped' },
      ]),
    ).toEqual({
      __errors: ['whole'],
      chips: { 1: { dimension: { __errors: ['unknown dimension "x"', 'duplicate chip "x"'] } } },
      'a/b': { __errors: ['escaped'] },
    });
  });

  it('a shipped report copied as new gets the new id and loses the keys a studio report may not set', () => {
    const shipped = { id: 33, title: { zh: 'a', en: 'b' }, history: {}, scope: {}, tables: {} } as unknown as ReportFile;
    expect(copyAsNew(shipped, 100005)).toEqual({ id: 100005, title: { zh: 'a', en: 'b' } });
  });

  it('raw JSON parses or says why not; diff values stay short', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ value: { a: 1 }, error: null });
    expect(parseJsonText('{').error).toBeTruthy();
    expect(diffValue(undefined)).toBe('∅');
    expect(diffValue('x'.repeat(100)).length).toBe(78);
  });
});
