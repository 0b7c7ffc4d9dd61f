/**
 * A lazy screen whose code cannot be downloaded (offline, a deploy replaced the chunk) gets a
 * clear message and a way out instead of a blank page (DESIGN §6). The page sits outside the
 * layout, so it carries the operator's contact itself: a person to reach when the portal
 * cannot be used (issue 26).
 */
import { Component, type ReactNode } from 'react';
import { OperatorContactCard } from '../views/layout/operator-contact';

interface State {
  failed: boolean;
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mx-auto max-w-xl space-y-4 p-6 text-slate-800">
        <h1 className="text-xl font-semibold text-brand-700">Não foi possível abrir esta página.</h1>
        <p>Verifique sua conexão e tente novamente.</p>
        <button
          type="button"
          className="min-h-11 rounded-md bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          onClick={() => window.location.reload()}
        >
          Tentar novamente
        </button>
        <OperatorContactCard />
      </main>
    );
  }
}
