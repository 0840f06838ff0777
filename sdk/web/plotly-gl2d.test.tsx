import { render, waitFor } from '@civic/sdk/testing';
import { KeptPlot } from './plotly-gl2d';

// jsdom has no WebGL: plotly's calls are recorded, the graph div they were given kept.
const calls: Array<{ graph: HTMLElement; data: Array<{ x: ArrayLike<number> }> }> = [];
const purged: HTMLElement[] = [];
jest.mock('plotly.js-strict-dist-min', () => ({
  __esModule: true,
  default: {
    react: (graph: HTMLElement, data: Array<{ x: ArrayLike<number> }>) => {
      calls.push({ graph, data });
      return Promise.resolve(graph);
    },
    purge: (graph: HTMLElement) => purged.push(graph),
  },
}));

const cloud = (n: number) => [{ type: 'scattergl', mode: 'markers', x: Float64Array.from({ length: n }, (_, i) => i), y: new Float32Array(n) }];

describe('KeptPlot', () => {
  beforeEach(() => {
    calls.length = 0;
    purged.length = 0;
  });

  it('draws the next cloud on the graph the last one left (its WebGL contexts kept), its points dropped meanwhile', async () => {
    const first = jest.fn();
    const one = render(<KeptPlot data={cloud(3)} onInitialized={first} />);
    await waitFor(() => expect(first).toHaveBeenCalledTimes(1));
    const graph = first.mock.calls[0][1] as HTMLElement;
    expect(graph.isConnected).toBe(true);
    one.unmount();
    // Emptied, out of the document, not purged.
    expect(calls.at(-1)?.graph).toBe(graph);
    expect(calls.at(-1)?.data[0].x).toHaveLength(0);
    expect(graph.isConnected).toBe(false);
    expect(purged).toEqual([]);

    const second = jest.fn();
    render(<KeptPlot data={cloud(5)} onInitialized={second} />);
    await waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(second.mock.calls[0][1]).toBe(graph);
    expect(graph.isConnected).toBe(true);
    expect(calls.at(-1)?.data[0].x).toHaveLength(5);
  });

  it('gives a second cloud shown at once a graph of its own; one graph is kept, the other purged', async () => {
    const a = jest.fn();
    const b = jest.fn();
    const one = render(<KeptPlot data={cloud(2)} onInitialized={a} />);
    const two = render(<KeptPlot data={cloud(2)} onInitialized={b} />);
    await waitFor(() => expect(a).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(b).toHaveBeenCalledTimes(1));
    const [graphA, graphB] = [a.mock.calls[0][1] as HTMLElement, b.mock.calls[0][1] as HTMLElement];
    expect(graphB).not.toBe(graphA);
    two.unmount();
    expect(purged).toEqual([]);
    one.unmount();
    expect(purged).toEqual([graphA]);
  });
});
