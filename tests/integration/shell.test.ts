import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, GoodsDetail, MenuNode, SalesScreenData, UploadResult } from '../../engine/shell';
import type { ClientType, SessionInfo } from '../../engine/wire';
import { md5Hex } from '../../server/auth/password';
import { bearer, DEMO_PASSWORD, login, startTestServer, type TestServer } from './server';

let s: TestServer;
let dataDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hm-shell-'));
  s = await startTestServer({ db: { dataDir } });
  for (const [key, user, client, merchant] of [
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
    ['supplier', 'supplier01', 'HMS', '10139'],
    ['analyst', 'analyst', 'HMT', '10139'],
    ['other', 'admin', 'HMT', '266'],
    ['special', 'admin', 'HMT', '30001'],
  ] as const) {
    tokens[key] = (await login(s.app, user, client as ClientType, merchant)).token;
  }
});
afterAll(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, who: string) => s.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const post = (url: string, payload: unknown, who: string) =>
  s.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(tokens[who]) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const session = async (who: string) => data<SessionInfo>(await get('/api/auth/session', who));

// ---------------------------------------------------------------- multipart helpers

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

function multipart(file: { name: string; type: string; content: Buffer }, fields: Record<string, string> = {}) {
  const boundary = '----hmtest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(who: string, file: { name: string; type: string; content: Buffer }, fields?: Record<string, string>) {
  const body = multipart(file, fields);
  return s.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...bearer(tokens[who]) } });
}

const uploadPng = async (who: string) => data<UploadResult>(await upload(who, { name: '截图.png', type: 'image/png', content: PNG }));

// ---------------------------------------------------------------- menu

const leafIds = (menu: MenuNode[]) => menu.flatMap((n) => (n.children.length ? n.children.map((c) => c.id) : [n.id]));

describe('GET /api/menu (rules 32–33)', () => {
  it('rule 33: every leaf analyst sees is in its permission list, and it sees less than admin', async () => {
    const analyst = await session('analyst');
    const permitted = new Set(analyst.permission.split(','));
    const menu = data<{ list: MenuNode[] }>(await get('/api/menu', 'analyst')).list;
    const admin = data<{ list: MenuNode[] }>(await get('/api/menu', 'admin')).list;
    expect(leafIds(menu).length).toBeGreaterThan(0);
    expect(leafIds(menu).every((id) => permitted.has(id))).toBe(true);
    expect(leafIds(admin).length).toBeGreaterThan(leafIds(menu).length);
  });

  it('rule 32: analyst gets a first-level group only when it holds one of its leaves', async () => {
    const menu = data<{ list: MenuNode[] }>(await get('/api/menu', 'analyst')).list;
    const admin = data<{ list: MenuNode[] }>(await get('/api/menu', 'admin')).list;
    for (const group of menu.filter((n) => n.kind === 'group')) expect(group.children.length).toBeGreaterThan(0);
    const missing = admin.filter((g) => g.kind === 'group' && !menu.some((m) => m.id === g.id));
    expect(missing.length).toBeGreaterThan(0);
  });

  it('rule 32: a group hidden in the menu table disappears for that client', async () => {
    const admin = data<{ list: MenuNode[] }>(await get('/api/menu', 'admin')).list;
    const group = admin.find((n) => n.kind === 'group')!;
    await s.testDb.db.query(`DELETE FROM menu WHERE menu_id = $1 AND client_type = 'HMT'`, [group.id]);
    await s.testDb.db.query(
      `INSERT INTO menu (menu_id, client_type, parent_id, level, route, title, sort, hidden) VALUES ($1, 'HMT', NULL, 1, NULL, $2, 1, 1)`,
      [group.id, group.title],
    );
    try {
      const after = data<{ list: MenuNode[] }>(await get('/api/menu', 'admin')).list;
      expect(after.some((n) => n.id === group.id)).toBe(false);
      // another client's menu is not affected by an HMT row
      expect((await get('/api/menu', 'store')).statusCode).toBe(200);
    } finally {
      await s.testDb.db.query(`DELETE FROM menu WHERE menu_id = $1 AND client_type = 'HMT'`, [group.id]);
    }
  });

  it('the client decides which reports exist: report leaves differ between HMT, HMD and HMS', async () => {
    const [hmt, hmd, hms] = await Promise.all(['admin', 'store', 'supplier'].map(async (w) => leafIds(data<{ list: MenuNode[] }>(await get('/api/menu', w)).list)));
    expect(hmd.filter((id) => /^\d+$/.test(id)).some((id) => !hmt.includes(id)) || hmt.some((id) => !hmd.includes(id))).toBe(true);
    expect(hms.length).toBeGreaterThan(0);
  });

  it('needs a token', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/menu' })).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------- password

describe('POST /api/account/password (rules 43–58)', () => {
  const body = (original: string, next: string, again = next) => ({
    original_pwd: md5Hex(original),
    new_pwd: md5Hex(next),
    new_pwd_again: md5Hex(again),
  });

  it('a wrong original password → 400 with a clear message, nothing changes', async () => {
    const res = await post('/api/account/password', body('Wrong@123', 'New@12345'), 'supplier');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: '400', code: 'WRONG_ORIGINAL_PASSWORD', message: '原密码错误，请重新输入' });
    await login(s.app, 'supplier01', 'HMS');
  });

  it('rule 46: new = original → 新密码不能与原密码相同!', async () => {
    const res = await post('/api/account/password', body(DEMO_PASSWORD, DEMO_PASSWORD), 'supplier');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('新密码不能与原密码相同!');
  });

  it('rule 51: confirmation differs → 两次输入密码不一致!', async () => {
    const res = await post('/api/account/password', body(DEMO_PASSWORD, 'New@12345', 'New@12346'), 'supplier');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('两次输入密码不一致!');
  });

  it('rule 53: plain text instead of md5 digests is refused', async () => {
    const res = await post('/api/account/password', { original_pwd: DEMO_PASSWORD, new_pwd: 'New@12345', new_pwd_again: 'New@12345' }, 'supplier');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_NOT_DIGEST');
  });

  it('rules 56–58: newhire changes the initial password; both flags are cleared and the new password logs in', async () => {
    const first = await login(s.app, 'newhire', 'HMT', '10139', 'Hm@123456');
    const second = await login(s.app, 'newhire', 'HMT', '10139', 'Hm@123456');
    expect(first.session).toMatchObject({ is_edit_password: 1, is_open_edit_password: 1 });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: body('Hm@123456', 'Fresh#2026'),
      headers: bearer(first.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_edit_password: 0, is_open_edit_password: 0 });
    const now = await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(first.token) });
    expect(now.json().data).toMatchObject({ is_edit_password: 0, is_open_edit_password: 0 });
    // the account's other sessions end with the old password
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(second.token) })).statusCode).toBe(401);
    await expect(login(s.app, 'newhire', 'HMT', '10139', 'Hm@123456')).rejects.toThrow();
    expect((await login(s.app, 'newhire', 'HMT', '10139', 'Fresh#2026')).session.is_edit_password).toBe(0);
  });

  it('twenty changes from the same original password at once: one is made, the others hear the original is wrong', async () => {
    const { token } = await login(s.app, 'newhire', 'HMT', '10139', 'Fresh#2026');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.app.inject({ method: 'POST', url: '/api/account/password', payload: body('Fresh#2026', `Race#${i}x2026`), headers: bearer(token) }),
      ),
    );
    // the route takes ten a minute; of those that got through, exactly one changed the password
    const made = answers.map((r, i) => [r.statusCode, i] as const).filter(([code]) => code === 200);
    expect(made.length).toBe(1);
    for (const r of answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 429)) expect(r.json().code).toBe('WRONG_ORIGINAL_PASSWORD');
    expect(answers.filter((a) => a.statusCode === 400).length).toBeGreaterThan(0);
    const winner = made[0][1];
    expect((await login(s.app, 'newhire', 'HMT', '10139', `Race#${winner}x2026`)).token).toBeTruthy();
    await expect(login(s.app, 'newhire', 'HMT', '10139', `Race#${(winner + 1) % 20}x2026`)).rejects.toThrow();
  });
});

// ---------------------------------------------------------------- table columns

describe('/api/table-columns (rules 184–185)', () => {
  const key = 'route=/report/102&custom_field_key=report-102';
  const layout = (i: number) => [{ prop: 'org_name', isShow: i % 2 === 0, minWidth: 100 + i }, { prop: 'sku_no', isShow: true, minWidth: 120 }];

  it('twenty first saves of one layout at once all succeed and leave one layout, one of those sent', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/table-columns', { route: '/report/102', custom_field_key: 'report-102', custom_field_val: layout(i) }, 'admin')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await s.testDb.db.query<{ n: number }>("SELECT count(*) AS n FROM custom_column_config WHERE route = '/report/102' AND custom_field_key = 'report-102'");
    expect(Number(rows[0].n)).toBe(1);
    const saved = data<{ list: unknown[] }>(await get(`/api/table-columns?${key}`, 'admin')).list;
    expect(Array.from({ length: 20 }, (_, i) => JSON.stringify(layout(i)))).toContain(JSON.stringify(saved));
  });

  it('a later save replaces the layout; each owner keeps its own; a malformed layout changes nothing', async () => {
    expect((await post('/api/table-columns', { route: '/report/102', custom_field_key: 'report-102', custom_field_val: JSON.stringify(layout(7)) }, 'admin')).statusCode).toBe(200);
    expect(data<{ list: unknown[] }>(await get(`/api/table-columns?${key}`, 'admin')).list).toEqual(layout(7));
    expect(data<{ list: unknown[] }>(await get(`/api/table-columns?${key}`, 'store')).list).toEqual([]);
    const bad = await post('/api/table-columns', { route: '/report/102', custom_field_key: 'report-102', custom_field_val: '[{"prop": 1}]' }, 'admin');
    expect([bad.statusCode, bad.json().message]).toEqual([400, '列配置格式错误：每列需要 prop 和 isShow']);
    expect(data<{ list: unknown[] }>(await get(`/api/table-columns?${key}`, 'admin')).list).toEqual(layout(7));
  });
});

// ---------------------------------------------------------------- uploads and complaints

describe('POST /api/uploads (rules 295–303)', () => {
  it('rule 301: a png is saved and served back to its own tenant only', async () => {
    const saved = await uploadPng('admin');
    expect(saved).toMatchObject({ name: '截图.png', size: PNG.length, type: 'image/png', ext: 'img' });
    expect(saved.save_url).toBe(`/api/uploads/${saved.id}`);
    const back = await get(saved.url, 'admin');
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    expect((await get(saved.url, 'other')).statusCode).toBe(404);
  });

  it('rule 301: a file that is not jpeg/png/gif is refused, whatever it claims to be', async () => {
    const res = await upload('admin', { name: 'x.png', type: 'image/png', content: Buffer.from('%PDF-1.7 not an image') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: '仅支持jpeg、png、gif格式的图片' });
  });

  it('rule 300: a file over 20 MB → 413 请上传20M以内的文件！', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await upload('admin', { name: 'big.png', type: 'image/png', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: '请上传20M以内的文件！' });
  });

  it('a request without a file, or of an unknown kind → 400', async () => {
    expect((await post('/api/uploads', {}, 'admin')).statusCode).toBe(400);
    const res = await upload('admin', { name: 'a.png', type: 'image/png', content: PNG }, { type: 'pdf' });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/complaints (rules 59–67)', () => {
  it('rules 62–64: required fields answer the spec messages', async () => {
    const shot = await uploadPng('admin');
    const base = { name: '张三', phone: '13800000000', remark: '报表打不开', img_url: [shot.save_url] };
    for (const [field, message] of [
      ['name', '请输入你的姓名'],
      ['phone', '请输入联系电话'],
      ['remark', '请描述您遇到的问题或需求'],
    ]) {
      const res = await post('/api/complaints', { ...base, [field]: ' ' }, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('rules 65–66: 1 to 5 screenshots', async () => {
    const base = { name: '张三', phone: '13800000000', remark: '报表打不开' };
    expect((await post('/api/complaints', { ...base, img_url: [] }, 'admin')).statusCode).toBe(400);
    const six = await Promise.all(Array.from({ length: 6 }, () => uploadPng('admin')));
    const res = await post('/api/complaints', { ...base, img_url: six.map((u) => u.save_url) }, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('最多上传5张截图');
  });

  it('a screenshot of another tenant is refused (tenant isolation)', async () => {
    const foreign = await uploadPng('other');
    const res = await post('/api/complaints', { name: '张三', phone: '1', remark: 'x', img_url: [foreign.save_url] }, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('COMPLAINT_IMAGE_INVALID');
  });

  it('rule 67: a valid complaint is stored with its screenshots', async () => {
    const shots = await Promise.all([uploadPng('store'), uploadPng('store')]);
    const res = await post('/api/complaints', { name: '李四', phone: '13900000000', remark: '打印乱码', img_url: shots.map((u) => u.save_url) }, 'store');
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const [row] = await s.testDb.db.query<{ name: string; client_type: string }>('SELECT name, client_type FROM complaint WHERE tenant_id = 10139 AND id = $1', [id]);
    expect(row).toEqual({ name: '李四', client_type: 'HMD' });
    const images = await s.testDb.db.query('SELECT seq FROM complaint_image WHERE tenant_id = 10139 AND complaint_id = $1', [id]);
    expect(images).toHaveLength(2);
  });

  it('twenty submits of one complaint with one Idempotency-Key store it once and all answer it', async () => {
    const shot = await uploadPng('store');
    const payload = { name: '王五', phone: '13700000000', remark: '重复提交', img_url: [shot.save_url] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.app.inject({ method: 'POST', url: '/api/complaints', payload, headers: { ...bearer(tokens.store), 'idempotency-key': 'complaint-twenty' } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const [{ n }] = await s.testDb.db.query<{ n: number }>("SELECT count(*) AS n FROM complaint WHERE tenant_id = 10139 AND remark = '重复提交'");
    expect(Number(n)).toBe(1);
    const [key] = await s.testDb.db.query<{ sealed: boolean }>("SELECT sealed_at IS NOT NULL AS sealed FROM idempotency_key WHERE idem_key = 'complaint-twenty'");
    expect(key.sealed).toBe(true);
  });
});

// ---------------------------------------------------------------- messages and approval records

describe('messages and approval records are the tenant’s own', () => {
  it('lists the account’s messages with the unread count and marks them read', async () => {
    const admin = await session('admin');
    const other = await session('other');
    await s.testDb.db.query(
      `INSERT INTO message (tenant_id, account_id, title, content, is_read, created_at) VALUES
        ($1, $2, '测试消息A', 'a', 0, CAST('2030-01-01 10:00:00' AS TIMESTAMP)),
        ($3, $4, '他租户消息', 'b', 0, CAST('2030-01-01 10:00:00' AS TIMESTAMP))`,
      [admin.tenant_id, admin.account_id, other.tenant_id, other.account_id],
    );
    const list = data<{ list: { id: number; title: string }[]; unread: number }>(await get('/api/messages', 'admin'));
    expect(list.list[0].title).toBe('测试消息A');
    expect(list.list.some((m) => m.title === '他租户消息')).toBe(false);
    const before = list.unread;
    expect(before).toBeGreaterThan(0);
    const foreign = data<{ list: { id: number }[] }>(await get('/api/messages', 'other')).list[0];
    expect((await post(`/api/messages/${foreign.id}/read`, undefined, 'admin')).statusCode).toBe(404);
    const read = await post(`/api/messages/${list.list[0].id}/read`, undefined, 'admin');
    expect(data<{ unread: number }>(read).unread).toBe(before - 1);
    expect(data<{ unread: number }>(await post('/api/messages/read-all', undefined, 'admin')).unread).toBe(0);
  });

  it('twenty "read" of one message and twenty "read all" at once all answer 200, and leave nothing unread', async () => {
    const admin = await session('admin');
    await s.testDb.db.query('UPDATE message SET is_read = 0 WHERE tenant_id = $1 AND account_id = $2', [admin.tenant_id, admin.account_id]);
    const first = data<{ list: { id: number }[] }>(await get('/api/messages', 'admin')).list[0];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 ? '/api/messages/read-all' : `/api/messages/${first.id}/read`, undefined, 'admin')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(data<{ unread: number }>(await get('/api/messages/unread-count', 'admin')).unread).toBe(0);
  });

  it('approval records by business type and number, never another tenant’s', async () => {
    await s.testDb.db.query(
      `INSERT INTO approval_record (tenant_id, business_type, business_no, approver_name, result, remark, created_at) VALUES
        (10139, 'dorder', 'T-1', '王审批', '1', '同意', CAST('2030-01-01 09:00:00' AS TIMESTAMP)),
        (266, 'dorder', 'T-1', '他租户', '2', '驳回', CAST('2030-01-01 09:00:00' AS TIMESTAMP))`,
    );
    const mine = data<{ list: { approver_name: string; result: string; remark: string }[] }>(
      await get('/api/approval-records?business_type=dorder&business_no=T-1', 'admin'),
    ).list;
    expect(mine).toEqual([expect.objectContaining({ approver_name: '王审批', result: '1', remark: '同意' })]);
    expect((await get('/api/approval-records?business_type=dorder', 'admin')).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------- data screens, dashboard, goods

describe('data screens (rules 8–9)', () => {
  it('rule 9: only the special tenant gets the rotating entry', async () => {
    const normal = data<{ list: { url: string; is_rotating: number }[] }>(await get('/api/data-screens', 'admin')).list;
    const special = data<{ list: { url: string; is_rotating: number }[] }>(await get('/api/data-screens', 'special')).list;
    expect(normal.some((e) => e.is_rotating)).toBe(false);
    expect(special.some((e) => e.is_rotating)).toBe(true);
    expect(normal.some((e) => e.url === '/data-screen')).toBe(true);
  });

  it('every entry opens a screen of the product, none an example domain', async () => {
    for (const who of ['admin', 'special', 'store', 'other']) {
      const list = data<{ list: { url: string }[] }>(await get('/api/data-screens', who)).list;
      for (const e of list) expect(e.url, who).toMatch(/^\/data-(screen|swiper)$/);
    }
  });

  it('the live sales screen holds no order stamped later than its own time', async () => {
    const screen = data<SalesScreenData>(await get('/api/data-screens/sales-today', 'admin'));
    const [ref] = await s.testDb.db.query<{ sales: number | null; last_hour: number | null }>(
      `SELECT SUM(i.sale_amount) AS sales, MAX(CAST(EXTRACT(HOUR FROM o.order_time) AS INTEGER)) AS last_hour
         FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = 10139 AND o.business_date = CAST($1 AS DATE) AND o.order_time <= CAST($2 AS TIMESTAMP)`,
      [screen.date, screen.generated_at],
    );
    expect(screen.totals.sales).toBeCloseTo(Number(ref.sales ?? 0), 2);
    const nowHour = Number(screen.generated_at.slice(11, 13));
    expect(screen.by_hour.every((h) => h.hour <= nowHour)).toBe(true);
  });

  it('today’s sales: totals equal the sum by store', async () => {
    const screen = data<SalesScreenData>(await get('/api/data-screens/sales-today', 'admin'));
    const byStore = screen.by_store.reduce((a, r) => a + r.sales, 0);
    if (screen.by_store.length < 20) expect(byStore).toBeCloseTo(screen.totals.sales, 1);
    expect(screen.refresh_seconds).toBeGreaterThan(0);
  });

  it('a store user’s screen holds its own store only', async () => {
    const me = await session('store');
    const screen = data<SalesScreenData>(await get('/api/data-screens/sales-today', 'store'));
    expect(screen.by_store.every((r) => r.org_code === me.org_code)).toBe(true);
  });
});

describe('GET /api/dashboard', () => {
  it('yesterday’s figures and a 14-day trend in the store user’s scope, matching the database', async () => {
    const me = await session('store');
    const dash = data<DashboardData>(await get('/api/dashboard', 'store'));
    expect(dash.scope).toBe('store');
    expect(dash.trend).toHaveLength(14);
    expect(dash.trend[13].date).toBe(dash.date);
    const [direct] = await s.testDb.db.query<{ sales: number | null }>(
      `SELECT SUM(i.sale_amount) AS sales FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = $1 AND o.org_code = $2 AND o.business_date = CAST($3 AS DATE)`,
      [me.tenant_id, me.org_code, dash.date],
    );
    expect(dash.figures.sales).toBeCloseTo(direct.sales ?? 0, 2);
    if (dash.figures.orders) expect(dash.figures.atv).toBeCloseTo(dash.figures.sales / dash.figures.orders, 1);
  });

  it('yesterday’s best sellers (names link to goods pages) in each scope, matching the database', async () => {
    const top = (where: string, params: unknown[], day: string) =>
      s.testDb.db.query<{ sku_no: string | null; sales: number }>(
        `SELECT i.sku_no, SUM(i.sale_amount) AS sales FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
          WHERE ${where} AND o.business_date = CAST($${params.length + 1} AS DATE) GROUP BY i.sku_no ORDER BY SUM(i.sale_amount) DESC, i.sku_no LIMIT 10`,
        [...params, day],
      );
    const me = await session('store');
    const supplier = await session('supplier');
    for (const [who, where, params] of [
      ['admin', 'o.tenant_id = $1', [10139]],
      ['store', 'o.tenant_id = $1 AND o.org_code = $2', [me.tenant_id, me.org_code]],
      ['supplier', 'o.tenant_id = $1 AND i.supplier_no = $2', [supplier.tenant_id, supplier.supplier_no]],
    ] as const) {
      const dash = data<DashboardData>(await get('/api/dashboard', who));
      const direct = await top(where, [...params], dash.date);
      expect(direct.length, who).toBeGreaterThan(0);
      expect(dash.top_goods.map((g) => g.sku_no), who).toEqual(direct.map((r) => (r.sku_no === null ? null : String(r.sku_no))));
      dash.top_goods.forEach((g, i) => expect(g.sales, `${who} ${g.sku_no}`).toBeCloseTo(Number(direct[i].sales), 2));
      expect(dash.top_goods.every((g) => g.sku_no === null || (g.sku_name ?? '').length > 0)).toBe(true);
    }
  });

  it('sales lines without goods are one row without a code or name, never goods "null"', async () => {
    const day = data<DashboardData>(await get('/api/dashboard', 'admin')).date;
    // a service line of yesterday's first order, large enough to lead the best sellers
    const [order] = await s.testDb.db.query<{ order_no: string; line_no: number }>(
      `SELECT o.order_no, MAX(i.line_no) + 1 AS line_no FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = 10139 AND o.business_date = CAST($1 AS DATE) GROUP BY o.order_no ORDER BY o.order_no LIMIT 1`,
      [day],
    );
    const line = [10139, order.order_no, Number(order.line_no)];
    await s.testDb.db.query(
      `INSERT INTO sales_order_item (tenant_id, order_no, line_no, sku_no, service_no, qty, sale_amount, discount_amount, cost_amount)
       VALUES ($1, $2, $3, NULL, 'SV-T', 1, 99999999, 0, 0)`,
      line,
    );
    try {
      const top = data<DashboardData>(await get('/api/dashboard', 'admin')).top_goods;
      expect(top[0]).toMatchObject({ sku_no: null, sku_name: null });
      expect(top[0].sales).toBeGreaterThanOrEqual(99999999);
      expect(top.filter((g) => g.sku_no === null)).toHaveLength(1);
      expect(top.some((g) => g.sku_no === 'null' || g.sku_name === 'null')).toBe(false);
    } finally {
      await s.testDb.db.query('DELETE FROM sales_order_item WHERE tenant_id = $1 AND order_no = $2 AND line_no = $3', line);
    }
  });

  it('headquarters sees the tenant, a supplier its own goods; links only to permitted reports', async () => {
    const hq = data<DashboardData>(await get('/api/dashboard', 'admin'));
    const sup = data<DashboardData>(await get('/api/dashboard', 'supplier'));
    expect(hq.scope).toBe('tenant');
    expect(sup.scope).toBe('supplier');
    expect(hq.figures.sales).toBeGreaterThanOrEqual(sup.figures.sales);
    const analyst = await session('analyst');
    const links = data<DashboardData>(await get('/api/dashboard', 'analyst')).links;
    expect(links.every((l) => analyst.permission.split(',').includes(String(l.table_id)))).toBe(true);
  });

  it('store_no narrows headquarters’ figures to the chosen stores, matching the database', async () => {
    const stores = await s.testDb.db.query<{ store_no: string; org_code: string }>(
      'SELECT store_no, org_code FROM store WHERE tenant_id = 10139 ORDER BY store_no LIMIT 2',
    );
    const dash = data<DashboardData>(await get(`/api/dashboard?store_no=${stores.map((r) => r.store_no).join(',')}`, 'admin'));
    expect(dash.store_nos).toEqual(stores.map((r) => r.store_no));
    const [direct] = await s.testDb.db.query<{ sales: number | null }>(
      `SELECT SUM(i.sale_amount) AS sales FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = 10139 AND o.org_code IN ($1, $2) AND o.business_date = CAST($3 AS DATE)`,
      [stores[0].org_code, stores[1].org_code, dash.date],
    );
    expect(direct.sales ?? 0).toBeGreaterThan(0);
    expect(dash.figures.sales).toBeCloseTo(direct.sales ?? 0, 2);
    const whole = data<DashboardData>(await get('/api/dashboard', 'admin'));
    expect(whole.figures.sales).toBeGreaterThan(dash.figures.sales);
  });

  it('store_no never widens a scope: another store’s or tenant’s numbers add nothing', async () => {
    const me = await session('store');
    const [other] = await s.testDb.db.query<{ store_no: string }>(
      'SELECT store_no FROM store WHERE tenant_id = 10139 AND org_code <> $1 ORDER BY store_no LIMIT 1',
      [me.org_code],
    );
    const foreign = data<DashboardData>(await get(`/api/dashboard?store_no=${other.store_no}`, 'store'));
    expect(foreign.figures.sales).toBe(0);
    // a store of tenant 10139 that tenant 266 does not have: asked for by 266's admin, it shows nothing
    const [alien] = await s.testDb.db.query<{ store_no: string }>(
      `SELECT store_no FROM store a WHERE tenant_id = 10139
          AND NOT EXISTS (SELECT 1 FROM store b WHERE b.tenant_id = 266 AND b.store_no = a.store_no)
        ORDER BY store_no LIMIT 1`,
    );
    expect(alien).toBeDefined();
    expect(data<DashboardData>(await get(`/api/dashboard?store_no=${alien.store_no}`, 'admin')).figures.sales).toBeGreaterThan(0);
    expect(data<DashboardData>(await get(`/api/dashboard?store_no=${alien.store_no}`, 'other')).figures.sales).toBe(0);
  });

  it('a malformed store list is refused with 400 and a message', async () => {
    const res = await get(`/api/dashboard?store_no=${encodeURIComponent("S001,' OR 1=1 --")}`, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: '400', code: 'BAD_STORE_LIST' });
  });
});

describe('GET /api/goods/:sku_no (rules 24–25)', () => {
  it('shows the tenant’s goods; a supplier only its own; another tenant never', async () => {
    const me = await session('supplier');
    const [own] = await s.testDb.db.query<{ sku_no: string }>('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = $1 ORDER BY sku_no LIMIT 1', [me.supplier_no]);
    const [foreign] = await s.testDb.db.query<{ sku_no: string }>('SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no <> $1 ORDER BY sku_no LIMIT 1', [me.supplier_no]);
    const detail = data<GoodsDetail>(await get(`/api/goods/${own.sku_no}`, 'admin'));
    expect(detail).toMatchObject({ sku_no: own.sku_no });
    expect(detail.categories.length).toBeGreaterThan(0);
    expect((await get(`/api/goods/${own.sku_no}`, 'supplier')).statusCode).toBe(200);
    const refused = await get(`/api/goods/${foreign.sku_no}`, 'supplier');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('商品不存在或无权查看');

    await s.testDb.db.query(
      `INSERT INTO sku (tenant_id, sku_no, barcode, sku_name, status) VALUES (266, 'ONLY266', '266000000001', '他租户商品', 1)`,
    );
    expect((await get('/api/goods/ONLY266', 'other')).statusCode).toBe(200);
    expect((await get('/api/goods/ONLY266', 'admin')).statusCode).toBe(404);
  });
});
