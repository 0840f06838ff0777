/**
 * plotly.js's strict bundle for WebGL point clouds (scattergl). The strict bundle is the one whose
 * WebGL code runs without `eval` (regl's shaders precompiled), which the console's script policy
 * (`script-src 'self'`) forbids; the gl2d bundle's scattergl needs it. It is large (~1.5 MiB gzip):
 * import it only lazily, and only where a point cloud is shown (the analytics plugin's
 * `loadPointCloudPlot`); never on /login, /dashboard or a route's first JS.
 *
 * Its component keeps its graph between mounts. A new graph makes new WebGL contexts and compiles
 * regl's shaders again; without a GPU (SwiftShader) that was about 200 ms of the page's script and
 * 300 ms of the GPU process on every visit of a 100,000-point cloud, whatever the number of points
 * (tests/bench/point-cloud-bench.ts, 2026-11-27). Left, the graph drops its points (its traces drawn
 * empty, the WebGL contexts kept) and waits, out of the document, for the next cloud.
 */
import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import PlotlyBundle from 'plotly.js-strict-dist-min';

interface PlotlyApi {
  react(graph: HTMLElement, data: object[], layout?: object, config?: object): Promise<HTMLElement>;
  purge(graph: HTMLElement): void;
}
const Plotly = PlotlyBundle as PlotlyApi;

/** plotly's click event: the points under the pointer. */
export interface PlotClickEvent {
  points?: Array<{ customdata?: unknown; x?: unknown; y?: unknown }>;
}

/** plotly's graph div, with the event emitter it gets on its first plot. */
type Graph = HTMLDivElement & { on?(event: string, handler: (event: PlotClickEvent) => void): void; civicClick?: (event: PlotClickEvent) => void };

export interface KeptPlotProps {
  data: object[];
  layout?: object;
  config?: object;
  /** The first plot is drawn (react-plotly.js's `onInitialized`: the figure, then the graph div). */
  onInitialized?: (figure: { data: object[]; layout?: object }, graph: HTMLElement) => void;
  onClick?: (event: PlotClickEvent) => void;
  style?: CSSProperties;
  className?: string;
  /** Accepted for react-plotly.js's props; `config.responsive` resizes the graph with the window. */
  useResizeHandler?: boolean;
}

/** The graph a cloud left, to draw the next one (a page shows one cloud; another at once gets a graph of its own). */
let spare: Graph | undefined;

/** The traces with no points: they keep their types, so plotly keeps the WebGL canvases and regl's programs. */
function emptied(data: object[]): object[] {
  return data.map((trace) => ({ ...trace, x: [], y: [], customdata: undefined, text: undefined }));
}

/** Graphs being drawn the first time: their WebGL contexts are made without multisampling. */
const drawingFirst = new Set<HTMLElement>();
let plainGetContext: HTMLCanvasElement['getContext'] | undefined;

/**
 * Runs plotly's first plot of `graph` with the WebGL contexts it makes there asked for without
 * multisampling (`antialias: false`; plotly asks for it and offers no option). regl-scatter2d smooths
 * its markers' edges in its own shader, so the picture is the same; without a GPU SwiftShader shaded
 * and blended four samples a pixel: about 40% of the GPU process's drawing of 100,000 points
 * (2026-11-27, tests/bench/point-cloud-bench.ts). Only canvases inside `graph`, only while it draws.
 */
function firstPlot(graph: HTMLElement, draw: () => Promise<unknown>): Promise<unknown> {
  if (typeof HTMLCanvasElement === 'undefined') return draw();
  if (!plainGetContext) {
    const plain = HTMLCanvasElement.prototype.getContext;
    plainGetContext = plain;
    HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, type: string, attributes?: object) {
      const ours = type.startsWith('webgl') || type === 'experimental-webgl' ? [...drawingFirst].some((g) => g.contains(this)) : false;
      return plain.call(this, type, ours ? { ...attributes, antialias: false } : attributes);
    } as HTMLCanvasElement['getContext'];
  }
  drawingFirst.add(graph);
  const done = () => {
    drawingFirst.delete(graph);
    if (drawingFirst.size > 0 || !plainGetContext) return;
    HTMLCanvasElement.prototype.getContext = plainGetContext;
    plainGetContext = undefined;
  };
  try {
    return draw().finally(done);
  } catch (error) {
    done();
    throw error;
  }
}

/** react-plotly.js's component's props, drawn with `Plotly.react` on a graph kept between mounts. */
export function KeptPlot({ data, layout, config, onInitialized, onClick, style, className }: KeptPlotProps) {
  const host = useRef<HTMLDivElement>(null);
  const graph = useRef<Graph | undefined>(undefined);
  const drawn = useRef(false);
  const latest = useRef({ data, layout, config, onInitialized, onClick });
  latest.current = { data, layout, config, onInitialized, onClick };

  // Declared first: the graph is in place before the figure is drawn, and taken away after.
  useEffect(() => {
    const g: Graph = spare ?? document.createElement('div');
    // A kept graph sizes itself again to its new place (plotly fits `autosize` to the div on the first plot only).
    if (g === spare) delete (g as Graph & { _fullLayout?: { _initialAutoSizeIsDone?: boolean } })._fullLayout?._initialAutoSizeIsDone;
    spare = undefined;
    g.style.width = '100%';
    g.style.height = '100%';
    g.civicClick = (event) => latest.current.onClick?.(event);
    host.current?.append(g);
    graph.current = g;
    return () => {
      graph.current = undefined;
      g.civicClick = undefined;
      // Without WebGL (plotly's note), never drawn, or with a spare already there: nothing worth keeping.
      if (spare || !drawn.current || g.querySelector('.no-webgl')) {
        Plotly.purge(g);
        g.remove();
        return;
      }
      spare = g;
      const { data: last, layout: lastLayout, config: lastConfig } = latest.current;
      // Emptied where it is (plotly measures its div), then taken out of the document.
      void Plotly.react(g, emptied(last), lastLayout, lastConfig).catch(() => {
        if (spare === g) spare = undefined;
        Plotly.purge(g);
      });
      g.remove();
    };
  }, []);

  useEffect(() => {
    const g = graph.current;
    if (!g) return;
    let current = true;
    const draw = () => Plotly.react(g, data, layout, config);
    // A graph's WebGL contexts are made on its first plot (a kept graph has them already).
    void (g.querySelector('canvas') ? draw() : firstPlot(g, draw)).then(() => {
      if (!current || graph.current !== g) return;
      if (!g.dataset.civicClick && g.on) {
        g.dataset.civicClick = 'on';
        g.on('plotly_click', (event) => g.civicClick?.(event));
      }
      if (drawn.current) return;
      drawn.current = true;
      latest.current.onInitialized?.({ data, layout }, g);
    });
    return () => {
      current = false;
    };
  }, [data, layout, config]);

  return createElement('div', { ref: host, style, className });
}

export default KeptPlot;
