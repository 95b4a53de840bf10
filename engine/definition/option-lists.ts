import type { ClientType } from '../wire';
import type { Catalogue } from './catalogue';

/**
 * The option lists each client's reports filter with: a client is offered only these,
 * so a supplier account cannot read the tenant's drivers or cards through a list no report of its own uses.
 */
export function optionListsByClient(catalogue: Catalogue): Map<ClientType, Set<string>> {
  const byClient = new Map<ClientType, Set<string>>();
  for (const report of catalogue.reports.values()) {
    for (const filter of report.filters) {
      if (filter.source?.kind !== 'list') continue;
      for (const client of report.clients) {
        const lists = byClient.get(client) ?? new Set<string>();
        lists.add(filter.source.list);
        byClient.set(client, lists);
      }
    }
  }
  return byClient;
}
