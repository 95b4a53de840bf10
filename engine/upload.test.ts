import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, isAcceptedType, sizeLimitMessage } from './upload';

describe('upload limits (rules 300–302)', () => {
  it('rule 300: the default limit is 20971520 bytes and its message says 20M', () => {
    expect(DEFAULT_MAX_BYTES).toBe(20971520);
    expect(sizeLimitMessage(DEFAULT_MAX_BYTES)).toBe('请上传20M以内的文件！');
  });
  it('rule 300: under 1 MB the message is in K', () => expect(sizeLimitMessage(500 * 1024)).toBe('请上传500K以内的文件！'));
  it('rule 301: images are jpeg, png and gif', () => {
    expect(['image/jpeg', 'image/png', 'image/gif'].every((t) => isAcceptedType('img', t))).toBe(true);
    expect(isAcceptedType('img', 'image/webp')).toBe(false);
    expect(isAcceptedType('img', 'video/mp4')).toBe(false);
  });
  it('rule 302: videos are mp4, ogg, quicktime, 3gpp and wmv', () => {
    expect(['video/mp4', 'video/ogg', 'video/quicktime', 'video/3gpp', 'video/x-ms-wmv'].every((t) => isAcceptedType('video', t))).toBe(true);
  });
});
