import { describe, expect, it } from 'vitest';
import { likePattern, Where } from './sql';

describe('Where builder', () => {
  it('binds values in order and skips absent filters', () => {
    const w = new Where().eq('t.tenant_id', 10139).eq('t.x', undefined).like(['t.a', 't.b'], 'Ab').in('t.org', ['1', '2']);
    expect(w.sql).toBe("WHERE t.tenant_id = $1 AND (LOWER(t.a) LIKE $2 ESCAPE '\\' OR LOWER(t.b) LIKE $3 ESCAPE '\\') AND t.org IN ($4, $5)");
    expect(w.params).toEqual([10139, '%ab%', '%ab%', '1', '2']);
  });

  it('an empty IN list matches nothing; add binds ? placeholders', () => {
    const w = new Where().in('t.org', []).add('(a = ? OR b = ?)', 1, 2);
    expect(w.sql).toBe('WHERE 1 = 0 AND (a = $1 OR b = $2)');
  });

  it("escapes the user's LIKE wildcards", () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
