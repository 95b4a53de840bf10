/** Which header items each client variant shows (rules 6, 10–13, 17, 19) and where the client switcher goes (rule 7). Pure. */
import type { ClientType } from '../../../engine/wire';
import { resolveClient } from '../client.logic';

export type HeaderItem = 'clientSwitcher' | 'dataScreens' | 'messages' | 'guide' | 'remoteAssist' | 'complaint' | 'userMenu';

const HEADQUARTERS_ONLY: HeaderItem[] = ['clientSwitcher', 'messages', 'guide'];
const ORDER: HeaderItem[] = ['clientSwitcher', 'dataScreens', 'messages', 'guide', 'remoteAssist', 'complaint', 'userMenu'];

export function headerItems(client: unknown): HeaderItem[] {
  return resolveClient(client) === 'HMT' ? ORDER : ORDER.filter((item) => !HEADQUARTERS_ONLY.includes(item));
}

export interface ClientHosts {
  HMD: string;
  HMS: string;
}

export interface SwitchTarget {
  client: Exclude<ClientType, 'HMT'>;
  /** the other client's login page on its host */
  url: string;
  /** same host as the running app: the user must sign out first (one session per browser origin) */
  sameOrigin: boolean;
}

/** An empty host means this server (development runs every client on one host). */
export function switchTargets(hosts: ClientHosts, currentOrigin: string): SwitchTarget[] {
  return (['HMD', 'HMS'] as const).map((client) => {
    const origin = (hosts[client] || currentOrigin).replace(/\/+$/, '');
    return { client, url: `${origin}/login?client=${client}`, sameOrigin: origin === currentOrigin };
  });
}

/** Hosts of the store and supplier clients from the build configuration. */
export function configuredHosts(env: Record<string, string | undefined>): ClientHosts {
  return { HMD: env.VITE_HMD_HOST ?? '', HMS: env.VITE_HMS_HOST ?? '' };
}
