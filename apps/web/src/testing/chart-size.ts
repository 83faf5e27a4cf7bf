import { onTestFinished, vi } from 'vitest';

/** The id of the hidden span in which recharts measures a tick's text. */
const MEASUREMENT_SPAN_ID = 'recharts_measurement_span';
/** About the width of a character of the charts' 12 px sans-serif ticks. */
const CHARACTER_WIDTH = 7;

/**
 * recharts measures its container through ResizeObserver, which happy-dom never calls back: give every observed
 * element this size. Undone by `vi.unstubAllGlobals()` in the setup's cleanup. Its tick texts are measured in a
 * hidden span that happy-dom lays out at 0 px: give them a width by their length, so ticks that would overlap in a
 * browser are dropped here too.
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
  const measure = HTMLElement.prototype.getBoundingClientRect;
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.id !== MEASUREMENT_SPAN_ID) return measure.call(this);
    return DOMRect.fromRect({ width: (this.textContent ?? '').length * CHARACTER_WIDTH, height: 16 });
  });
  onTestFinished(() => spy.mockRestore());
}
