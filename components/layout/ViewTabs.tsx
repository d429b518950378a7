'use client';
/**
 * The views as tabs (views.ts, in its order): `role="tab"` buttons in one `role="tablist"`, which the
 * keyboard's digit shortcuts (components/keys) press in the order drawn. The Commit path is offered
 * when a dataset holds an LGWR trace (or a link opened it).
 */
import styles from './layout.module.css';
import { VIEWS, type ViewId } from './views';

export interface ViewTabsProps {
  tab: ViewId;
  /** A dataset holds an LGWR trace: the Commit path view (components/lgwr) is offered. */
  commitPath?: boolean;
  onTab: (tab: ViewId) => void;
}

export function ViewTabs({ tab, commitPath = false, onTab }: ViewTabsProps) {
  const shown = VIEWS.filter((v) => v.id !== 'commit-path' || commitPath || tab === 'commit-path');
  return (
    <nav className={styles.viewNav} aria-label="Views">
      <div role="tablist" aria-label="Views" className={styles.tabs} data-testid="results-tabs">
        {shown.map((v) => (
          <button key={v.id} type="button" role="tab" id={`tab-${v.id}`} aria-selected={tab === v.id} aria-controls="view-panel" data-tab={v.id} onClick={() => onTab(v.id)}>
            {v.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
