/** The remembered merchant number and client of the last sign-in (never the user name or password). */
import { parseLastLogin, type LastLogin } from './login.logic';

export const LAST_LOGIN_KEY = 'hm.login.last';

export function readLastLogin(): LastLogin {
  try {
    return parseLastLogin(localStorage.getItem(LAST_LOGIN_KEY));
  } catch {
    return parseLastLogin(null);
  }
}

export function writeLastLogin(value: LastLogin): void {
  try {
    localStorage.setItem(LAST_LOGIN_KEY, JSON.stringify(value));
  } catch {
    // remembering is a convenience only
  }
}
