/**
 * jsdom setup for the "dom" vitest project: unmount between tests and stub browser APIs Mantine uses.
 * Files of a worker share one module graph (isolate: false), so state kept in modules is reset here.
 */
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

afterEach(() => {
  cleanup();
  // the notifications store is a module: a toast of one file would otherwise show in the next
  notifications.clean();
});
// a dialog closed by the last test still runs its exit transition's timer (Mantine, ≤ 300 ms): let it
// fire while the window exists, not after the environment is torn down
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));
// findBy*/waitFor give up after 1 s by default: too short for lazy pages while the suite loads both cores
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Mantine's ScrollArea and Combobox call these; jsdom lacks them
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};
