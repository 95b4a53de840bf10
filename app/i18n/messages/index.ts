/**
 * All message catalogues. Each namespace lives in its own file (messages/<namespace>.ts) so engineers add
 * strings without touching each other's files; register a new namespace here once. Keys are used as
 * '<namespace>.<key>', e.g. t('login.title').
 */
import { flattenNamespaces, type NamespaceMessages } from '../i18n.logic';
import blocks from './blocks';
import common from './common';
import dayClose from './dayClose';
import documents from './documents';
import ingest from './ingest';
import login from './login';
import print from './print';
import report from './report';
import shell from './shell';
import studio from './studio';

export const namespaces: Record<string, NamespaceMessages> = {
  blocks,
  common,
  dayClose,
  documents,
  ingest,
  login,
  print,
  report,
  shell,
  studio,
};

export const catalogues = flattenNamespaces(namespaces);
