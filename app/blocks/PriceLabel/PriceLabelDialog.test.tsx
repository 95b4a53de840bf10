import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseLabelXml, type LabelViewer } from '../../../engine/print/label';
import { renderBlock } from '../data-source/test-utils';
import type { LabelOutcome } from './label-frame';
import { createMemoryPriceLabelSource } from './memory-source';
import { PriceLabelDialog } from './PriceLabelDialog';

const GOODS = [
  { sku_no: 'A1', sku_name: '牛奶(整箱)', selling_price: 6.5 },
  { sku_no: 'B2', sku_name: '面包<100%>', selling_price: 12 },
];

const HQ: LabelViewer = { client: 'HMT', owner: '0', account_id: 1 };
const STORE: LabelViewer = { client: 'HMD', owner: 'S001', account_id: 9 };

const source = () =>
  createMemoryPriceLabelSource([{ print_template_name: '促销价签' }, { print_template_name: '标准价签', is_default: '1' }], GOODS);

describe('<PriceLabelDialog> (rules 215–249)', { timeout: 20_000 }, () => {
  it('ticks the default, sends one record per copy with full-width text, and says how many went out', async () => {
    const sent: string[] = [];
    const send = vi.fn(async (xml: string): Promise<LabelOutcome> => {
      sent.push(xml);
      return { ok: true, records: parseLabelXml(xml).records.length };
    });
    renderBlock(<PriceLabelDialog opened onClose={() => undefined} source={source()} viewer={HQ} tenantId={10139} skuNos={['A1', 'B2']} send={send} />);
    await waitFor(() => expect((screen.getByRole('radio', { name: '标准价签' }) as HTMLInputElement).checked).toBe(true));
    // one template ticked at a time
    expect((screen.getByRole('radio', { name: '促销价签' }) as HTMLInputElement).checked).toBe(false);
    const copies = await screen.findByLabelText('打印份数 B2');
    await userEvent.clear(copies);
    await userEvent.type(copies, '2');
    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const records = parseLabelXml(sent[0]).records;
    expect(records.map((r) => r.sku_no)).toEqual(['A1', 'B2', 'B2']);
    expect(records[0].sku_name).toBe('牛奶（整箱）');
    expect(records[1].sku_name).toBe('面包＜100％＞');
    expect(await screen.findByText('已发送 3 张价签到打印驱动')).toBeTruthy();
  });

  it('rule 218: ticking another template unticks the first; exactly one stays ticked, by radio or by row', async () => {
    renderBlock(<PriceLabelDialog opened onClose={() => undefined} source={source()} viewer={HQ} tenantId={10139} skuNos={[]} send={async () => ({ ok: true, records: 0 })} />);
    const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
    await waitFor(() => expect(radio('标准价签').checked).toBe(true));
    await userEvent.click(radio('促销价签'));
    expect([radio('促销价签').checked, radio('标准价签').checked]).toEqual([true, false]);
    await userEvent.click(screen.getByText('标准价签'));
    expect([radio('促销价签').checked, radio('标准价签').checked]).toEqual([false, true]);
    // one group: the browser itself keeps one ticked
    expect(new Set(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    expect(radio('标准价签').name).not.toBe('');
  });

  it('with no driver answering: the print exception and the link to the product\'s driver page', async () => {
    const send = async (): Promise<LabelOutcome> => ({ ok: false, reason: 'no-driver' });
    renderBlock(<PriceLabelDialog opened onClose={() => undefined} source={source()} viewer={STORE} tenantId={10139} skuNos={['A1']} send={send} />);
    await screen.findByLabelText('打印份数 A1');
    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    const failure = await screen.findByTestId('label-failure');
    expect(failure.textContent).toContain('未检测到打印驱动，请下载并安装打印驱动后重试');
    expect(screen.getByRole('link', { name: '下载打印驱动' }).getAttribute('href')).toBe('/label-driver.html');
    // a store has no system-default button (rule 221)
    expect(screen.queryByRole('button', { name: '设为系统默认' })).toBeNull();
  });

  it('a driver that answered and refused says why, and no download is offered for a driver that runs', async () => {
    const message = '该页面（http://127.0.0.1:3000）无权使用打印驱动：打印驱动只接受 http://127.0.0.1:8080';
    const send = async (): Promise<LabelOutcome> => ({ ok: false, reason: 'refused', message });
    const labels = source();
    const driverUrl = vi.spyOn(labels, 'driverUrl');
    renderBlock(<PriceLabelDialog opened onClose={() => undefined} source={labels} viewer={HQ} tenantId={10139} skuNos={['A1']} send={send} />);
    await screen.findByLabelText('打印份数 A1');
    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    expect((await screen.findByTestId('label-failure')).textContent).toContain(message);
    expect(screen.queryByRole('link', { name: '下载打印驱动' })).toBeNull();
    expect(driverUrl).not.toHaveBeenCalled();
  });

  it('the default reads 默认; its 设为默认 and a head-office template\'s 修改 for a store are disabled with the reason, asking nothing', async () => {
    const labels = createMemoryPriceLabelSource([{ print_template_name: '总部价签', is_default: '1', store_no: '0' }], GOODS);
    renderBlock(<PriceLabelDialog opened onClose={() => undefined} source={labels} viewer={STORE} tenantId={10139} skuNos={['A1']} send={async () => ({ ok: true, records: 0 })} />);
    await waitFor(() => expect((screen.getByRole('radio', { name: '总部价签' }) as HTMLInputElement).checked).toBe(true));
    const table = screen.getByTestId('label-templates');
    expect(within(table).getByText('默认')).toBeTruthy();
    expect(within(table).queryByText('设为默认')).toBeNull();
    // prices with cents, as the label prints them
    expect(await screen.findByText('6.50')).toBeTruthy();
    const setDefault = screen.getByRole('button', { name: '设为默认' });
    expect(setDefault.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(setDefault);
    const edit = screen.getByRole('button', { name: '修改' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(edit);
    // neither a confirmation nor the form opened
    expect(screen.queryByRole('dialog', { name: '提示' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: '修改样式' })).toBeNull();
    await userEvent.hover(edit);
    expect(await screen.findByText('不能修改/删除总部端创建的模板！')).toBeTruthy();
  });
});
