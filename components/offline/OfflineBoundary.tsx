'use client';
/**
 * A view that throws while drawing an edited or damaged report shows why, never a blank page
 * (React unmounts everything below a render error that no boundary catches).
 */
import { Component, type ReactNode } from 'react';
import { OfflineFailure } from './OfflineReport';

export class OfflineBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: `A view of this report could not be drawn (${error instanceof Error ? error.message : String(error)}): the file was probably edited or damaged.` };
  }

  render() {
    return this.state.message === null ? this.props.children : <OfflineFailure message={this.state.message} />;
  }
}
