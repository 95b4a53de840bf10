/** Client variant helpers (HMT, HMD, HMS): title, identity text and document title. Pure. */
import type { ClientType, SessionInfo } from '../../engine/wire';

export const CLIENTS: readonly ClientType[] = ['HMT', 'HMD', 'HMS'];

/** Rule 3: a client that cannot be determined counts as headquarters. */
export function resolveClient(value: unknown): ClientType {
  return CLIENTS.includes(value as ClientType) ? (value as ClientType) : 'HMT';
}

/** i18n key of the client's title: 总部端 / 门店端 / 供应商端 (rules 1, 2). */
export function clientTitleKey(client: unknown): string {
  return `common.client.${resolveClient(client)}`;
}

export const STORE_NAME_MAX = 10;

/** Rule 15: a store name longer than 10 characters is cut to 10 plus an ellipsis. */
export function shortenStoreName(name: string): string {
  const chars = Array.from(name);
  return chars.length > STORE_NAME_MAX ? `${chars.slice(0, STORE_NAME_MAX).join('')}...` : name;
}

type IdentitySource = Pick<SessionInfo, 'client' | 'merchant_no' | 'username' | 'store_info' | 'supplier_no'>;

/**
 * The user-menu identity (rules 14–16): headquarters shows merchant number and user name, a store its store
 * name, a supplier its supplier number.
 */
export function identityText(session: IdentitySource): string {
  switch (resolveClient(session.client)) {
    case 'HMD':
      return shortenStoreName(session.store_info?.store_name ?? '');
    case 'HMS':
      return session.supplier_no ?? '';
    default:
      return `${session.merchant_no} ${session.username}`;
  }
}

export function documentTitle(productName: string, clientTitle: string): string {
  return `${productName} - ${clientTitle}`;
}
