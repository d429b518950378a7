'use client';
import type { TraceContext } from '@/lib/outliers/context';
import { formatNumber } from '../display-units';

const lineNumber = (l: { line: number } | undefined) => (l === undefined ? undefined : formatNumber(l.line));

/**
 * The lines around one wait, as text (never HTML: a trace holds SQL and binds that must not become
 * markup). The wait's own line and its statement's lines are highlighted.
 */
export function ContextView({ file, context }: { file: string; context: TraceContext }) {
  const statement = context.statement;
  const statementShownInline = statement !== null && context.lines.some((l) => l.inStatement);
  return (
    <div className="context-view" data-testid="context-view">
      <h3>
        {file}, lines {lineNumber(context.lines[0])}–{lineNumber(context.lines.at(-1))}
      </h3>
      {statement && !statementShownInline && (
        <div className="statement" data-testid="context-statement">
          <p className="hint">
            The statement of cursor #{statement.cursor} (PARSING IN CURSOR at line {formatNumber(statement.line)}):
          </p>
          <pre>{statement.lines.join('\n')}</pre>
        </div>
      )}
      {!statement && context.statementNote && <p className="hint">{context.statementNote}</p>}
      <pre className="context-lines">
        {context.lines.map((l) => (
          <div key={l.line} data-line={l.line} data-is-wait={l.isWait ? 'yes' : undefined} className={l.isWait ? 'is-wait' : l.inStatement ? 'in-statement' : undefined}>
            <span className="line-no">{String(l.line).padStart(7, ' ')} </span>
            {l.text}
            {l.cut ? ' …' : ''}
          </div>
        ))}
      </pre>
    </div>
  );
}
