import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../i18n/locale-storage';
import { studioApi } from './studio-api';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('studio API: a saved report exported as a file', () => {
  // a plain fetch that only threw its status showed the user "404"
  it("says why it is refused, in the page's language", async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const en = (init?.headers as Record<string, string>)['Accept-Language']?.startsWith('en');
      return new Response(JSON.stringify({ status: '404', code: 'NOT_FOUND', message: en ? 'The report does not exist' : '报表不存在' }), { status: 404 });
    });
    await expect(studioApi.exportFile(7)).rejects.toThrow('报表不存在');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    await expect(studioApi.exportFile(7)).rejects.toThrow('The report does not exist');
  });

  it('answers the file when it is there', async () => {
    fetchMock.mockResolvedValue(new Response('{"id":7}', { status: 200 }));
    expect(await (await studioApi.exportFile(7)).text()).toBe('{"id":7}');
  });
});
