import { describe, expect, it } from 'vitest';
import { platformOf } from './complete-lock';

describe('platformOf', () => {
  it('reads os, cpu and libc from platform package names', () => {
    expect(platformOf('@duckdb/node-bindings-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@duckdb/node-bindings-linux-arm64-musl')).toEqual({ os: ['linux'], cpu: ['arm64'], libc: ['musl'] });
    expect(platformOf('@rollup/rollup-linux-arm-musleabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['musl'] });
    expect(platformOf('@rollup/rollup-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['glibc'] });
    expect(platformOf('@rollup/rollup-android-arm-eabi')).toEqual({ os: ['android'], cpu: ['arm'] });
    expect(platformOf('@rollup/rollup-win32-ia32-msvc')).toEqual({ os: ['win32'], cpu: ['ia32'] });
  });

  it('refuses names that are not platform packages', () => {
    expect(platformOf('fsevents')).toBeNull();
    expect(platformOf('@scope/arm64-helper')).toBeNull();
  });
});
