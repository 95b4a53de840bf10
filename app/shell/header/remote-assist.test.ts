import { describe, expect, it, vi } from 'vitest';
import { launchRemoteAssist, REMOTE_ASSIST_CHECK_MS, REMOTE_ASSIST_PROTOCOL_URL, type AssistEnvironment } from './remote-assist';

function fakeEnv() {
  let blur: (() => void) | null = null;
  let timer: (() => void) | null = null;
  const env: AssistEnvironment & { opened: string[]; delay: number } = {
    opened: [],
    delay: 0,
    openProtocol(url) {
      this.opened.push(url);
    },
    onBlur(listener) {
      blur = listener;
      return () => {
        blur = null;
      };
    },
    setTimeout(fn, ms) {
      timer = fn;
      env.delay = ms;
    },
  };
  return { env, blur: () => blur?.(), fire: () => timer?.() };
}

describe('remote assistance (rules 79–81)', () => {
  it('rule 79: opens the custom-protocol link', () => {
    const { env } = fakeEnv();
    launchRemoteAssist(env, () => {});
    expect(env.opened).toEqual([REMOTE_ASSIST_PROTOCOL_URL]);
    expect(REMOTE_ASSIST_PROTOCOL_URL).toMatch(/^[a-z]+:\/\//);
  });

  it('rules 80–81: after 1 s without losing focus the tool counts as missing', () => {
    const { env, fire } = fakeEnv();
    const missing = vi.fn();
    launchRemoteAssist(env, missing);
    expect(env.delay).toBe(REMOTE_ASSIST_CHECK_MS);
    expect(REMOTE_ASSIST_CHECK_MS).toBe(1000);
    fire();
    expect(missing).toHaveBeenCalledOnce();
  });

  it('a window that lost focus means the tool opened: no warning', () => {
    const { env, blur, fire } = fakeEnv();
    const missing = vi.fn();
    launchRemoteAssist(env, missing);
    blur();
    fire();
    expect(missing).not.toHaveBeenCalled();
  });
});
