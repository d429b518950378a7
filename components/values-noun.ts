'use client';
import { createContext, useContext } from 'react';
import type { ValuesNoun } from '@/lib/trace/measure';

/**
 * What the values on screen are: waits (an event's ela), calls (a call type's e) or commits
 * (lib/trace/measure.ts valuesNoun). The outlier panel's titles, table heads and figure notes say
 * it; the workbench provides it from the chosen measure.
 */
export const ValuesNounContext = createContext<ValuesNoun>('waits');

export const useValuesNoun = (): ValuesNoun => useContext(ValuesNounContext);

/** The column head of a value: `ela` for waits, `e` for calls and commits (their elapsed time). */
export const valueColumn = (noun: ValuesNoun): string => (noun === 'waits' ? 'ela' : 'e');

/** One of them: "wait", "call", "commit". */
export const singular = (noun: ValuesNoun): string => noun.slice(0, -1);
