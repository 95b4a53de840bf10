import { describe, expect, it } from 'vitest';
import { appOrigins, driverStartLine, originRefusal, originsFromEnv } from './label-driver-origins';

describe('the label driver takes the back-office where it is served', () => {
  it('by default the app as npm start serves it: 127.0.0.1:8080 and localhost:8080', () => {
    expect(originsFromEnv({})).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  });

  it("follows the app's PORT and HOST", () => {
    expect(originsFromEnv({ PORT: '3000' })).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(appOrigins({ HOST: '0.0.0.0', PORT: '9000' })).toEqual(['http://127.0.0.1:9000', 'http://localhost:9000']);
    expect(appOrigins({ HOST: '192.168.1.20', PORT: '8080' })).toEqual(['http://192.168.1.20:8080', 'http://127.0.0.1:8080', 'http://localhost:8080']);
    expect(appOrigins({ HOST: 'fe80::1' })[0]).toBe('http://[fe80::1]:8080');
  });

  it('LABEL_DRIVER_ORIGINS names them outright (a trailing slash as browsers never send it is dropped)', () => {
    expect(originsFromEnv({ LABEL_DRIVER_ORIGINS: 'https://shop.example/, http://10.0.0.5:8080', PORT: '3000' })).toEqual(['https://shop.example', 'http://10.0.0.5:8080']);
    expect(originsFromEnv({ LABEL_DRIVER_ORIGINS: ' , ', PORT: '3000' })).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
  });

  it('a refusal names the page that asked, the origins expected and the setting that changes them', () => {
    expect(originRefusal('http://127.0.0.1:3000', ['http://127.0.0.1:8080', 'http://localhost:8080'])).toBe(
      '该页面（http://127.0.0.1:3000）无权使用打印驱动：打印驱动只接受 http://127.0.0.1:8080、http://localhost:8080。后台不在这些地址时，请用 LABEL_DRIVER_ORIGINS 设置后台的地址后重启打印驱动',
    );
  });

  it('its start-up line says where it listens and for which back-office', () => {
    expect(driverStartLine(7097, ['http://127.0.0.1:8080'])).toBe('label driver on http://127.0.0.1:7097, for the back-office at http://127.0.0.1:8080 (LABEL_DRIVER_ORIGINS to change)');
  });
});
