import { useEffect, useRef } from 'react';

/** What a page's own ECharts module gives: `init` with the chart kinds it registered. */
export interface ChartModule {
  init(box: HTMLElement): {
    setOption(option: object): void;
    on(event: 'click', handler: (event: { data?: unknown }) => void): void;
    resize(): void;
    dispose(): void;
  };
}

/**
 * A chart drawn by ECharts, which `load` imports when the chart mounts (each page registers only the chart
 * kinds it draws, so neither the entry nor another page carries them); it follows its box's size, and reads
 * as `summary` to a screen reader. `onClick` hears a clicked item's data.
 */
export function LazyChart({
  load,
  option,
  summary,
  height,
  onClick,
}: {
  load: () => Promise<ChartModule>;
  option: object;
  summary: string;
  height: number;
  onClick?: (data: unknown) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void load().then(({ init }) => {
      if (disposed || !box.current) return;
      const chart = init(box.current);
      chart.setOption(option);
      if (onClick) chart.on('click', (event) => onClick(event.data));
      const resize = new ResizeObserver(() => chart.resize());
      resize.observe(box.current);
      cleanup = () => {
        resize.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [load, option, onClick]);
  return <div ref={box} role="img" aria-label={summary} style={{ height }} />;
}
