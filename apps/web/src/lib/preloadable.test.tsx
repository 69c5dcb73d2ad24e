// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

/** A chunk whose arrival the test decides. */
function chunk() {
  let arrive: (module: { Greeting: (p: { name: string }) => ReactNode }) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<{ Greeting: (p: { name: string }) => ReactNode }>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const load = vi.fn(() => promise);
  const module = { Greeting: ({ name }: { name: string }) => <p>hello {name}</p> };
  return { load, arrive: () => arrive(module), fail };
}

/** The part inside an error boundary and a Suspense boundary, as a route renders it. */
function page(node: ReactNode) {
  return (
    <Boundary>
      <Suspense fallback={<p>loading</p>}>{node}</Suspense>
    </Boundary>
  );
}

afterEach(cleanup);

describe('preloadable', () => {
  it('renders a preloaded part in the first commit, without its fallback', async () => {
    const { load, arrive } = chunk();
    const Greeting = preloadable(load, (m) => m.Greeting);
    const loaded = Greeting.preload();
    arrive();
    await loaded;
    const { container } = render(page(<Greeting name="Ada" />));
    // render() commits synchronously: with React.lazy this first commit is the fallback.
    expect(container.textContent).toBe('hello Ada');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until a part that was not preloaded arrives, and loads it once', async () => {
    const { load, arrive } = chunk();
    const Greeting = preloadable(load, (m) => m.Greeting);
    await act(async () => {
      render(
        page(
          <>
            <Greeting name="Ada" />
            <Greeting name="Bo" />
          </>,
        ),
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('hello Ada')).toBeTruthy();
    expect(screen.getByText('hello Bo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // Asked for again (a later preload), nothing is loaded a second time.
    await Greeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets parts from one chunk share its load: preloading one readies the others', async () => {
    const { load, arrive } = chunk();
    const Greeting = preloadable(load, (m) => m.Greeting);
    const Shout = preloadable(
      load,
      (m) =>
        ({ name }: { name: string }) =>
          m.Greeting({ name: name.toUpperCase() }),
    );
    const loaded = Greeting.preload();
    arrive();
    await loaded;
    const { container } = render(page(<Shout name="Ada" />));
    expect(container.textContent).toBe('hello ADA');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a chunk that failed to load to the error boundary', async () => {
    const { load, fail } = chunk();
    const Greeting = preloadable(load, (m) => m.Greeting);
    const loaded = Greeting.preload().catch(() => undefined);
    fail(new Error('chunk gone'));
    await loaded;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(page(<Greeting name="Ada" />));
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();
  });
});
