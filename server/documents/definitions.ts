/**
 * The document types served: definitions read once at start (a changed definition needs a restart,
 * like reports), and which of them a session may open: its client must be offered the document and
 * its permission list must hold the document's menu id.
 */
import type { DocumentFile } from '../../engine/document/types';
import type { ClientType } from '../../engine/wire';
import { forbidden, notFound } from '../http/errors';
import type { DocumentLeaf } from '../shell/menu.logic';
import { loadDocumentsFromDir } from './definitions-fs';

export interface DocumentViewer {
  client: ClientType;
  permissions: ReadonlySet<string>;
}

export class DocumentTypes {
  constructor(readonly all: ReadonlyMap<string, DocumentFile>) {}

  /** The definitions in report-defs/documents; a broken definition stops the server from starting. */
  static load(dir?: string): DocumentTypes {
    const { documents, errors } = loadDocumentsFromDir(dir);
    if (errors.length) throw new Error(`document definitions are invalid:\n${errors.map((e) => `${e.file}: ${e.pointer || '/'}: ${e.message}`).join('\n')}`);
    return new DocumentTypes(documents);
  }

  visibleTo(viewer: DocumentViewer): DocumentFile[] {
    return [...this.all.values()].filter((d) => d.clients.includes(viewer.client) && viewer.permissions.has(d.menu.id));
  }

  /** The definition of `type` for this viewer: 404 when there is no such type, 403 without the right. */
  resolve(viewer: DocumentViewer, type: string): DocumentFile {
    const def = this.all.get(type);
    if (!def || !def.clients.includes(viewer.client)) throw notFound('DOCUMENT_TYPE_NOT_FOUND', '单据类型不存在');
    if (!viewer.permissions.has(def.menu.id)) throw forbidden('NO_PERMISSION', '没有该单据的权限');
    return def;
  }

  leaves(): DocumentLeaf[] {
    return [...this.all.values()].map((d) => ({
      id: d.menu.id,
      type: d.id,
      title: d.title.zh,
      title_en: d.title.en,
      clients: d.clients,
      parent: d.menu.parent,
      sort: d.menu.sort,
    }));
  }
}
