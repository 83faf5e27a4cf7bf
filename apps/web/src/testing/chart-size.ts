import { vi } from 'vitest';

/**
 * recharts measures its container through ResizeObserver, which happy-dom never calls back: give every observed
 * element this size. Undone by `vi.unstubAllGlobals()` in the setup's cleanup.
 */
export function stubChartSize(width = 800, height = 260) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry], this as never);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
