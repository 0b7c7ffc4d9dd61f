/**
 * For a part of the page that is a courtesy (the toasts' code): if it fails to render, it
 * renders nothing, and the rest of the page stays. Without a boundary, React unmounts the
 * whole root on a render error: a blank page.
 */
import { Component, type ReactNode } from 'react';

export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
