'use client';
/**
 * The tab title names the comparison (issue 17 §4): "Flash logging on vs Flash logging off — log file
 * sync · waitscope", so a browser with several waitscope tabs tells them apart. Without data: "waitscope".
 */
import { useEffect } from 'react';

export const APP_NAME = 'waitscope';

export function comparisonTitle(labels: readonly string[], measure: string): string {
  const named = labels.map((l) => l.trim()).filter(Boolean);
  return named.length === 0 ? APP_NAME : `${named.join(' vs ')} — ${measure} · ${APP_NAME}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
