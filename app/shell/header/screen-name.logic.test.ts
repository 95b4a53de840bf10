import { describe, expect, it } from 'vitest';
import { screenName } from './screen-name.logic';

describe('data-screen menu names', () => {
  it("names the product's screens from the catalogue (English pages read Today's live sales), a tenant's own screens as stored", () => {
    expect(screenName({ url: '/data-screen', screen_name: '今日销售实时大屏' })).toEqual({ key: 'shell.screen.title' });
    expect(screenName({ url: '/data-swiper', screen_name: '轮播数据大屏' })).toEqual({ key: 'shell.screen.swiperTitle' });
    expect(screenName({ url: '/data-screen', screen_name: '总部大屏' })).toEqual({ text: '总部大屏' });
    expect(screenName({ url: 'https://bi.example.com/x', screen_name: 'BI' })).toEqual({ text: 'BI' });
  });
});
