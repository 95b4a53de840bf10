/**
 * The report studio's use cases for a session: list datasets and reports, check a draft, preview it
 * on the session's own data, and save it with versions. A draft goes through the same catalogue
 * checks as a file of report-defs and then through the shipped reports' resolve → validate →
 * compile → run path (ReportService over the tenant's overlay), never a second compiler.
 */
import { checkReportFile, type DefinitionError } from '../../engine/definition/catalogue';
import { isDerived } from '../../engine/definition/dataset-index';
import type { I18nText, ReportFile } from '../../engine/definition/types';
import { diffJson } from '../../engine/studio/diff';
import { openDatasets } from '../../engine/studio/access';
import { missingColumns, type TableColumns } from '../../engine/studio/columns';
import { dateLabels, fieldLabel } from '../../engine/studio/labels';
import { defaultWindowBreaks } from '../../engine/studio/date-window';
import { checkMessage, schemaMessage, type StudioLang } from '../../engine/studio/messages';
import { STUDIO_MIN_ID, STUDIO_PERMISSION, studioErrors, studioFilePath } from '../../engine/studio/rules';
import { today } from '../clock';
import type {
  StudioDataset,
  StudioPreview,
  StudioReportDetail,
  StudioReportList,
  StudioReportSummary,
  StudioSaved,
  StudioVersion,
} from '../../engine/studio/wire';
import type { ReportConfig } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { forbidden, HttpError, notFound } from '../http/errors';
import type { PreparedReport } from '../report/service';
import { overlayCatalogue, type TenantOverlay } from './overlay';
import { currentReports, deleteReport, nextReportId, reportVersions, writeVersion, type StoredVersion } from './store';
import { tableColumns } from './table-columns';

const reportNotFound = () => notFound('REPORT_NOT_FOUND', '报表不存在');

export class DefinitionInvalid extends HttpError {
  constructor(readonly errors: DefinitionError[]) {
    const first = errors[0];
    super(422, 'DEFINITION_INVALID', `报表定义有误：${first.pointer || '/'} ${first.message}`);
  }
}

function summaryOf(report: ReportFile, stored: StoredVersion | null, catalogue: { indexes: ReadonlyMap<string, { dataset: { title: I18nText } }> }): StudioReportSummary {
  return {
    id: report.id,
    title: report.title,
    area: report.area,
    clients: report.clients,
    dataset: report.dataset,
    dataset_title: catalogue.indexes.get(report.dataset)?.dataset.title ?? null,
    shipped: stored === null,
    version: stored?.version ?? null,
    updated_by: stored?.username ?? null,
    updated_at: stored?.created_at ?? null,
  };
}

function asReport(value: unknown): ReportFile {
  return value as ReportFile;
}

const datasetClosed = () => forbidden('NO_PERMISSION', '无权使用该数据集：它不是你有权限打开的任何报表的数据来源');

export class StudioService {
  /** the database's columns by table, read once (the migrations fix them for the process's life) */
  private columns: Promise<TableColumns> | null = null;

  constructor(
    private overlay: TenantOverlay,
    private db: Db,
  ) {}

  private tableColumns(): Promise<TableColumns> {
    this.columns ??= tableColumns(this.db).catch((err: unknown) => {
      this.columns = null;
      throw err;
    });
    return this.columns;
  }

  /** The datasets this session may build on (engine/studio/access). */
  private async open(session: ServerSession, own?: ReportFile[]): Promise<Set<string>> {
    const tenant = own ?? (await currentReports(this.db, session.tenant_id)).map((v) => v.definition);
    return openDatasets(session, this.base.reports.values(), tenant);
  }

  private get base() {
    return this.overlay.base.catalogue;
  }

  /** HQ accounts holding the report-designer permission. */
  guard(session: ServerSession): void {
    if (session.client !== 'HMT' || !session.permissions.has(STUDIO_PERMISSION)) {
      throw forbidden('NO_PERMISSION', '无权使用报表工作室');
    }
  }

  async datasets(session: ServerSession): Promise<StudioDataset[]> {
    const open = await this.open(session);
    return [...this.base.indexes.values()].filter(({ dataset }) => open.has(dataset.id)).map(({ dataset }) => ({
      id: dataset.id,
      title: dataset.title,
      dimensions: dataset.dimensions.map((d) => ({ id: d.id, label: d.label })),
      measures: [...dataset.measures, ...(dataset.derived ?? [])].map((m) => ({
        id: m.id,
        label: m.label,
        format: m.format,
        derived: isDerived(m),
      })),
      fields: (dataset.fields ?? []).map((f) => ({ id: f.id, value_type: f.value_type, condition: !!f.condition, label: fieldLabel(this.base, dataset, f.id) })),
      date_columns: Object.keys(dataset.date_columns ?? {}),
      date_labels: dateLabels(this.base, dataset),
    }));
  }

  async list(session: ServerSession): Promise<StudioReportList> {
    const own = await currentReports(this.db, session.tenant_id);
    const shipped = [...this.base.reports.values()].sort((a, b) => a.id - b.id).map((r) => summaryOf(r, null, this.base));
    return {
      reports: [...shipped, ...own.map((v) => summaryOf(v.definition, v, this.base))],
      next_id: await nextReportId(this.db, session.tenant_id),
    };
  }

  async detail(session: ServerSession, id: number): Promise<StudioReportDetail> {
    const own = (await currentReports(this.db, session.tenant_id)).find((v) => v.report_id === id);
    if (own) return { summary: summaryOf(own.definition, own, this.base), report: own.definition };
    const shipped = id <= STUDIO_MIN_ID ? this.base.reports.get(id) : undefined;
    if (!shipped) throw reportNotFound();
    return { summary: summaryOf(shipped, null, this.base), report: shipped };
  }

  /**
   * The schema, studio and cross-file checks of a draft, against the catalogue this tenant sees, in
   * the analyst's words and language (zh-CN unless the page asks for en; the form names the field itself).
   */
  async validate(session: ServerSession, draft: unknown, lang: StudioLang = 'zh'): Promise<DefinitionError[]> {
    const report = asReport(draft);
    const file = studioFilePath(report ?? {});
    const words = (errors: DefinitionError[]) => errors.map((e) => ({ ...e, message: checkMessage(e.message, lang) }));
    const own = studioErrors(draft, file);
    if (own.length) return words(own);
    const tenant = (await currentReports(this.db, session.tenant_id)).map((v) => v.definition);
    const schemaWords = (e: { keyword: string; params: object }) => schemaMessage(e.keyword, e.params as Record<string, unknown>, lang);
    const errors = checkReportFile(overlayCatalogue(this.base, tenant), { path: file, json: draft }, schemaWords);
    if (errors.length) return words(errors);
    return this.studioChecks(session, report, tenant, file, lang);
  }

  /** What only a studio draft must also keep to: its user's datasets, columns that exist, defaults its restrictions allow. */
  private async studioChecks(session: ServerSession, report: ReportFile, tenant: ReportFile[], file: string, lang: StudioLang): Promise<DefinitionError[]> {
    if (!(await this.open(session, tenant)).has(report.dataset)) {
      return [{ file, pointer: '/dataset', message: lang === 'en' ? 'You may not use this dataset: no report you can open reads it' : datasetClosed().message }];
    }
    const index = this.base.indexes.get(report.dataset)!;
    const missing = missingColumns(report, index, await this.tableColumns()).map((m) => ({
      file,
      pointer: m.pointer,
      message:
        lang === 'en'
          ? `"${m.choice}" reads column ${m.column}, which table ${m.table} does not have: it cannot be used in a custom report`
          : `"${m.choice}" 读取的列 ${m.column} 在表 ${m.table} 中不存在，不能用于自建报表`,
    }));
    const windows = defaultWindowBreaks(report.dates, today()).map((b) => ({
      file,
      pointer: b.pointer,
      message:
        lang === 'en'
          ? `The default dates break the date restriction: on ${b.today} they would be ${b.start} to ${b.end}, and the report would refuse to open`
          : `默认日期超出日期限制：例如今天为 ${b.today} 时默认为 ${b.start} 至 ${b.end}，打开报表即报错`,
    }));
    return [...missing, ...windows];
  }

  private async valid(session: ServerSession, draft: unknown): Promise<ReportFile> {
    // a dataset the user may not read is refused like the reports over it (403), whatever else is wrong
    const dataset = (draft as { dataset?: unknown } | null)?.dataset;
    if (typeof dataset === 'string' && !(await this.open(session)).has(dataset)) throw datasetClosed();
    const errors = await this.validate(session, draft);
    if (errors.length) throw new DefinitionInvalid(errors);
    return asReport(draft);
  }

  async previewConfig(session: ServerSession, draft: unknown): Promise<ReportConfig> {
    const report = await this.valid(session, draft);
    const view = await this.overlay.withDraft(session, report);
    return view.service.config(view.session, report.id, undefined);
  }

  private async preparedPreview(session: ServerSession, draft: unknown, query: unknown) {
    const report = await this.valid(session, draft);
    const view = await this.overlay.withDraft(session, report);
    // the draft's own id, whatever the body says: a preview never reads another report
    const body = { ...((query as object | null) ?? {}), table_id: report.id };
    return { report, view, body };
  }

  async preview(session: ServerSession, draft: unknown, query: unknown): Promise<StudioPreview> {
    const { report, view, body } = await this.preparedPreview(session, draft, query);
    const [data, totals] = await Promise.all([view.service.data(view.session, report.id, body), view.service.totals(view.session, report.id, body)]);
    return { ...data, totals };
  }

  async preparePreviewExport(session: ServerSession, draft: unknown, query: unknown): Promise<PreparedReport> {
    const { report, view, body } = await this.preparedPreview(session, draft, query);
    return view.service.prepare(view.session, report.id, body);
  }

  private author(session: ServerSession) {
    return { tenant_id: session.tenant_id, account_id: session.account_id, username: session.username };
  }

  /**
   * A new report (or an imported file): checked under the id it would get now, then given the
   * tenant's next free id inside the write, where no other studio write of the tenant runs. `seal`
   * runs last inside it, given what was saved (the route seals its idempotency key with its answer).
   */
  async create(session: ServerSession, draft: unknown, seal: (tx: Db, saved: StudioSaved) => Promise<unknown>): Promise<StudioSaved> {
    const provisional = await nextReportId(this.db, session.tenant_id);
    const report = await this.valid(session, { ...((draft as object | null) ?? {}), id: provisional });
    return this.overlay.write(session.tenant_id, async (tx) => {
      const id = await nextReportId(tx, session.tenant_id);
      const version = await writeVersion(tx, this.author(session), { ...report, id }, 'create');
      if (version === null) throw new HttpError(409, 'ID_TAKEN', '报表编号已被占用，请重试');
      await seal(tx, { id, version });
      return { id, version };
    });
  }

  private async saveVersion(session: ServerSession, report: ReportFile, action: 'update' | 'revert'): Promise<StudioSaved> {
    const version = await this.overlay.write(session.tenant_id, (tx) => writeVersion(tx, this.author(session), report, action));
    if (version === null) throw reportNotFound();
    return { id: report.id, version };
  }

  private async history(session: ServerSession, id: number): Promise<StoredVersion[]> {
    const versions = await reportVersions(this.db, session.tenant_id, id);
    if (!versions.length) throw reportNotFound();
    return versions;
  }

  async update(session: ServerSession, id: number, draft: unknown): Promise<StudioSaved> {
    await this.history(session, id);
    const report = await this.valid(session, { ...((draft as object | null) ?? {}), id });
    return this.saveVersion(session, report, 'update');
  }

  async versions(session: ServerSession, id: number): Promise<StudioVersion[]> {
    const versions = await this.history(session, id);
    return versions
      .map((v, i) => ({
        version: v.version,
        action: v.action,
        username: v.username,
        created_at: v.created_at,
        diff: i === 0 ? [] : diffJson(versions[i - 1].definition, v.definition),
      }))
      .reverse();
  }

  /** Makes an older version current again, as a new version (the history only grows). */
  async revert(session: ServerSession, id: number, version: unknown): Promise<StudioSaved> {
    const versions = await this.history(session, id);
    const target = versions.find((v) => v.version === Number(version));
    if (!target) throw notFound('VERSION_NOT_FOUND', '该版本不存在');
    // the catalogue may have moved on since: an old version must still pass today's checks
    const report = await this.valid(session, target.definition);
    return this.saveVersion(session, report, 'revert');
  }

  async remove(session: ServerSession, id: number): Promise<void> {
    if (!(await this.overlay.write(session.tenant_id, (tx) => deleteReport(tx, session.tenant_id, id)))) throw reportNotFound();
  }

  /** The report as a definition file of report-defs/reports (validate:defs accepts it). */
  async exportFile(session: ServerSession, id: number): Promise<{ name: string; json: ReportFile }> {
    const { report } = await this.detail(session, id);
    return { name: studioFilePath(report).split('/').pop()!, json: report };
  }
}
