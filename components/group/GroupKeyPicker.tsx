'use client';
/** The Group view's key: one of lib/scope's key words, or a wait parameter's name as the trace writes it (file#, blocks, …). */
import { useEffect, useState } from 'react';
import { GROUP_KEY_WORDS, parseGroupKey } from '@/lib/scope/group-key';

const WORDS: readonly string[] = GROUP_KEY_WORDS;
const PARAMETER = '(parameter)';

export function GroupKeyPicker({ value, onChange }: { value: string; onChange: (key: string) => void }) {
  const isWord = WORDS.includes(value);
  const [parameter, setParameter] = useState(isWord ? '' : value);
  const [asParameter, setAsParameter] = useState(!isWord);
  useEffect(() => {
    setAsParameter(!WORDS.includes(value));
    if (!WORDS.includes(value)) setParameter(value);
  }, [value]);
  const problem = asParameter && parameter !== '' ? parseGroupKey(parameter) : null;
  const apply = () => {
    if (parameter !== '' && typeof parseGroupKey(parameter) !== 'string') onChange(parameter);
  };
  return (
    <span data-testid="group-key-picker">
      <label>
        Group by{' '}
        <select
          data-testid="group-key"
          value={asParameter ? PARAMETER : value}
          onChange={(e) => {
            if (e.target.value === PARAMETER) setAsParameter(true);
            else {
              setAsParameter(false);
              onChange(e.target.value);
            }
          }}
        >
          {WORDS.map((w) => (
            <option key={w} value={w}>{w}</option>
          ))}
          <option value={PARAMETER}>a wait parameter by name…</option>
        </select>
      </label>{' '}
      {asParameter && (
        <label>
          parameter{' '}
          <input
            data-testid="group-parameter"
            value={parameter}
            placeholder="file#, blocks, buffer#"
            onChange={(e) => setParameter(e.target.value)}
            onBlur={apply}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
            aria-invalid={typeof problem === 'string'}
          />
          {typeof problem === 'string' && <span role="alert"> {problem.replace('--group takes', 'a key is')}</span>}
        </label>
      )}
    </span>
  );
}
