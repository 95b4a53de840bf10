/**
 * Remote assistance (rules 79–81): open the desktop tool through its custom protocol; if the window has
 * not lost focus after 1 second the tool is taken as missing.
 */
export const REMOTE_ASSIST_CHECK_MS = 1000;
export const REMOTE_ASSIST_PROTOCOL_URL = 'hmassist://connect';
export const REMOTE_ASSIST_DOWNLOAD_URL = '/downloads/hm-remote-assist-setup.exe';

export interface AssistEnvironment {
  /** hands the custom-protocol link to the browser */
  openProtocol(url: string): void;
  /** calls back when the window loses focus; returns the unsubscribe */
  onBlur(listener: () => void): () => void;
  setTimeout(fn: () => void, ms: number): unknown;
}

/** Starts the tool; `onMissing` runs when no focus change followed within the check time. */
export function launchRemoteAssist(env: AssistEnvironment, onMissing: () => void, url = REMOTE_ASSIST_PROTOCOL_URL): void {
  let lostFocus = false;
  const off = env.onBlur(() => {
    lostFocus = true;
  });
  env.openProtocol(url);
  env.setTimeout(() => {
    off();
    if (!lostFocus) onMissing();
  }, REMOTE_ASSIST_CHECK_MS);
}

/** The browser environment: a hidden frame opens the link, so a missing handler never leaves the page. */
export function browserAssistEnvironment(): AssistEnvironment {
  return {
    openProtocol(url) {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = url;
      document.body.appendChild(frame);
      window.setTimeout(() => frame.remove(), REMOTE_ASSIST_CHECK_MS * 2);
    },
    onBlur(listener) {
      window.addEventListener('blur', listener);
      return () => window.removeEventListener('blur', listener);
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  };
}
