// @vitest-environment jsdom
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { TradingViewWidget } from './tradingview-widget';

// jsdom has no matchMedia, which the theme store asks when it loads (the widget follows the theme).
vi.hoisted(() => {
  window.matchMedia = ((media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

const widget = () =>
  render(createElement(TradingViewWidget, { script: 'embed-widget-events.js', config: {}, loadingText: 'Loading calendar', offlineTitle: 'Calendar is offline', offlineText: 'Try later' }));

/** The provider's script tag the widget added. */
const scriptTag = (container: HTMLElement) => container.querySelector('script')!;

describe('a third-party widget that cannot load says it is offline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('as soon as its script fails', () => {
    const { container } = widget();
    expect(screen.getByText('Loading calendar')).toBeTruthy();
    act(() => void scriptTag(container).dispatchEvent(new Event('error')));
    expect(screen.getByText('Calendar is offline')).toBeTruthy();
  });

  it('after its load timeout when the script neither loads nor fails (a network that swallows requests)', () => {
    widget();
    act(() => void vi.advanceTimersByTime(14_000));
    expect(screen.queryByText('Calendar is offline')).toBeNull();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Calendar is offline')).toBeTruthy();
  });

  it('not once its script has loaded', () => {
    const { container } = widget();
    act(() => void scriptTag(container).dispatchEvent(new Event('load')));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Calendar is offline')).toBeNull();
    expect(screen.queryByText('Loading calendar')).toBeNull();
  });
});
