'use client';
/**
 * Charts follow the page's theme (issue 17 §4): the option builders draw in the light colours of
 * palette.ts INK, and the frame swaps them, when it draws on screen, for the page's --chart-* tokens
 * (app/globals.css), which prefers-color-scheme sets. Exports keep the light colours on white: a
 * figure pasted into a report or printed reads the same whatever the screen's scheme.
 */
import { useEffect, useState } from 'react';
import type { EChartsCoreOption } from './echarts-setup';
import { INK } from './palette';

export interface ChartInk {
  text: string;
  muted: string;
  grid: string;
  axis: string;
  /** The chart's background (echarts draws none: the page's shows through); halos and tooltips take it. */
  bg: string;
}

export const LIGHT_INK: ChartInk = { ...INK, bg: '#ffffff' };

/** The chart colours the page's tokens give now; the light ones where a token is missing. */
export function chartInk(): ChartInk {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--chart-text', LIGHT_INK.text),
    muted: token('--chart-muted', LIGHT_INK.muted),
    grid: token('--chart-grid', LIGHT_INK.grid),
    axis: token('--chart-axis', LIGHT_INK.axis),
    bg: token('--chart-bg', LIGHT_INK.bg),
  };
}

const sameInk = (a: ChartInk, b: ChartInk) => a.text === b.text && a.muted === b.muted && a.grid === b.grid && a.axis === b.axis && a.bg === b.bg;

/** Arrays longer than this under a `data` key are a series' points: numbers, never colours, and not walked. */
const POINTS = 64;

/** The option with INK's light colours (and white) replaced by `ink`'s; the option itself when `ink` is the light one. */
export function themedOption(option: EChartsCoreOption, ink: ChartInk): EChartsCoreOption {
  if (sameInk(ink, LIGHT_INK)) return option;
  const swap = new Map<string, string>([
    [LIGHT_INK.text, ink.text],
    [LIGHT_INK.muted, ink.muted],
    [LIGHT_INK.grid, ink.grid],
    [LIGHT_INK.axis, ink.axis],
    ['#ffffff', ink.bg],
    ['#fff', ink.bg],
  ]);
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return swap.get(value.toLowerCase()) ?? value;
    if (Array.isArray(value)) return key === 'data' && value.length > POINTS ? value : value.map((v) => walk(v, ''));
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value; // numbers, functions (formatters), typed arrays of points
  };
  return walk(option, '') as EChartsCoreOption;
}

/** The chart colours now, again whenever the colour scheme changes (the charts then redraw in them). */
export function useChartInk(): ChartInk {
  const [ink, setInk] = useState<ChartInk>(() => (typeof window === 'undefined' ? LIGHT_INK : chartInk()));
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setInk((old) => {
      const now = chartInk();
      return sameInk(old, now) ? old : now;
    });
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return ink;
}
