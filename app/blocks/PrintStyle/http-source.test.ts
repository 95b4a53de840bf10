import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../i18n/locale-storage';
import { createHttpPrintStyleSource } from './http-source';

const fetchMock = vi.fn<typeof fetch>();

/** The server's refusal of a broken template, in the language the request asks for (server/http/error-handler.ts). */
function refusal(init: RequestInit | undefined): Response {
  const lang = (init?.headers as Record<string, string>)['Accept-Language'];
  const message = lang?.startsWith('en')
    ? 'The template file is not valid JSON (near line 3, column 3): check its brackets, quotes and commas'
    : '模板文件不是有效的 JSON（第 3 行第 3 列附近），请检查括号、引号和逗号';
  return new Response(JSON.stringify({ status: '400', code: 'BAD_PRINT_TEMPLATE', message }), { status: 400 });
}

const style = { report_name: '收货单', description: '', source_type: 102, is_default: false, custom: 0 as const, file: new File(['{\n  "title": "x"\n  "lines": []}'], 'bad.json') };

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) => refusal(init));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('print-style HTTP source', () => {
  // the upload is a raw multipart fetch: without the page's language the browser sends its own, and a
  // Chinese page in an English browser showed the server's English
  it("uploads in the page's language, so a broken template's message is Chinese on a Chinese page", async () => {
    await expect(createHttpPrintStyleSource().save(style, 'k1')).rejects.toThrow('模板文件不是有效的 JSON（第 3 行第 3 列附近）');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    await expect(createHttpPrintStyleSource().save(style, 'k2')).rejects.toThrow('The template file is not valid JSON (near line 3, column 3)');
    expect(fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Accept-Language'])).toEqual(['zh-CN', 'en-US']);
  });

  it("downloads in the page's language too (a refused export or print says why in it)", async () => {
    await expect(createHttpPrintStyleSource().exportFile(1)).rejects.toThrow(/^模板文件/);
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
  });
});
