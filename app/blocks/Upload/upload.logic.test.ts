import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES } from '../../../engine/upload';
import { isUploading, markDone, newItem, pickFiles, removeItem, savedUrls, setProgress } from './upload.logic';

const png = (name: string, size = 10) => ({ name, size, type: 'image/png' });
const rules = { kind: 'img' as const, limit: 5, maxBytes: DEFAULT_MAX_BYTES, multiple: true };

describe('picking files (rules 298–302)', () => {
  it('rule 298: additions beyond the limit are ignored silently', () => {
    const r = pickFiles([png('a'), png('b'), png('c')], 3, rules);
    expect(r.accepted.map((f) => f.name)).toEqual(['a', 'b']);
    expect(r.refused).toEqual([]);
  });
  it('rule 299: without multiple mode only one file is taken', () => {
    expect(pickFiles([png('a'), png('b')], 0, { ...rules, multiple: false }).accepted).toHaveLength(1);
  });
  it('rule 300: a file over the limit is refused for its size', () => {
    expect(pickFiles([png('big', DEFAULT_MAX_BYTES + 1)], 0, rules).refused).toEqual([{ file: png('big', DEFAULT_MAX_BYTES + 1), reason: 'size' }]);
  });
  it('rule 301: only jpeg, png and gif images', () => {
    const r = pickFiles([{ name: 'a.pdf', size: 1, type: 'application/pdf' }, { name: 'b.gif', size: 1, type: 'image/gif' }], 0, rules);
    expect(r.accepted.map((f) => f.name)).toEqual(['b.gif']);
    expect(r.refused[0].reason).toBe('type');
  });
  it('an accept list replaces the kind\'s types', () => {
    const r = pickFiles([{ name: 'a.pdf', size: 1, type: 'application/pdf' }, { name: 'b.gif', size: 1, type: 'image/gif' }], 0, { ...rules, accept: ['application/pdf'] });
    expect(r.accepted.map((f) => f.name)).toEqual(['a.pdf']);
  });
});

describe('the list of items (rules 295–297)', () => {
  const items = [newItem(png('a'), 'img', 'u1', 0, 'blob:a'), newItem(png('b'), 'img', 'u2', 1, 'blob:b')];
  it('rule 295: "0" while uploading, then "1" with the saved address', () => {
    expect(items[0]).toMatchObject({ status: '0', percentage: 0, save_url: '' });
    const done = markDone(setProgress(items, 'u1', 60), 'u1', { id: 'x', name: 'a', size: 10, type: 'image/png', ext: 'img', url: '/u', save_url: '/api/uploads/x' });
    expect(done[0]).toMatchObject({ status: '1', percentage: 100, save_url: '/api/uploads/x' });
    expect(savedUrls(done)).toEqual(['/api/uploads/x']);
    expect(isUploading(done)).toBe(true);
  });
  it('progress never goes back and stays under 100 until done', () => {
    expect(setProgress(setProgress(items, 'u1', 70), 'u1', 40)[0].percentage).toBe(70);
    expect(setProgress(items, 'u1', 100)[0].percentage).toBe(99);
  });
  it('rules 296–297: removing renumbers the rest', () => {
    expect(removeItem(items, 'u1')).toEqual([{ ...items[1], index: 0 }]);
  });
});
