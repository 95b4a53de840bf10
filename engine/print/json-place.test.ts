import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, placeOf } from './json-place';

describe('jsonErrorOffset', () => {
  it('agrees with JSON.parse on what is valid', () => {
    const texts = ['{}', ' [ ] ', '{"a":[1,-2.5e3,{"b":null}],"c":"x\\u00e9\\n","d":true}', '0', '{ "title": }', '{"a":1,}', '[1,]', '{,}', '{"a" 1}', '"abc', '[1 2]', '01', '-', '{"a":1}}', '{"a":"x\ny"}', '', '[[[', '"\\x"', "{'a':1}"];
    for (const text of texts) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorOffset(text) === null, text).toBe(valid);
    }
  });

  it('points at the character that breaks the text, or its end when it stops too early', () => {
    expect(jsonErrorOffset('{"a":1,}')).toBe(7);
    expect(jsonErrorOffset('{"a": tru}')).toBe(6);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a":[1')).toBe(7);
    // deep nesting is scanned without recursion
    expect(jsonErrorOffset('['.repeat(100_000))).toBe(100_000);
  });

  it('turns an offset into line and column from 1', () => {
    expect(placeOf('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(placeOf('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(placeOf('ab\n', 3)).toEqual({ line: 2, column: 1 });
  });
});
