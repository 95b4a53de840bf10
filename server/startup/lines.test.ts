import { describe, expect, it } from 'vitest';
import { browserUrl, humanLogLine, readyLine } from './lines';

describe('start-up lines', () => {
  it('the last line says where to go and, with the demo tenant, how to sign in', () => {
    expect(readyLine('http://127.0.0.1:8080', { merchant_no: '10139', username: 'admin', password: 'Demo@2026' })).toBe(
      'Ready: open http://127.0.0.1:8080 in a browser and sign in with merchant 10139, user admin, password Demo@2026.',
    );
    expect(readyLine('http://127.0.0.1:3000', null)).toBe('Ready: open http://127.0.0.1:3000 in a browser.');
  });

  it('a wildcard listen address is opened as 127.0.0.1', () => {
    expect(browserUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(browserUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(browserUrl('::', 9000)).toBe('http://127.0.0.1:9000');
    expect(browserUrl('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
    expect(browserUrl('::1', 8080)).toBe('http://[::1]:8080');
  });

  it('a JSON log record reads as one line: time, level, message, request; an error keeps its stack', () => {
    const time = new Date(2026, 10, 28, 9, 5, 7).getTime();
    expect(humanLogLine(JSON.stringify({ level: 40, time, msg: 'jobs interrupted by a restart failed', jobs: [1] }))).toBe('09:05:07 WARN  jobs interrupted by a restart failed');
    const err = { message: 'boom', stack: 'Error: boom\n    at x' };
    expect(humanLogLine(JSON.stringify({ level: 50, time, err, req: { method: 'GET', url: '/api/menu' } }))).toBe('09:05:07 ERROR boom (GET /api/menu)\nError: boom\n    at x');
    expect(humanLogLine('not json\n')).toBe('not json');
  });
});
