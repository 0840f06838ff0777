/**
 * plotly.js's strict bundle through react-plotly.js, for WebGL point clouds (scattergl). The strict
 * bundle is the one whose WebGL code runs without `eval` (regl's shaders precompiled), which the
 * console's script policy (`script-src 'self'`) forbids; the gl2d bundle's scattergl needs it. It is
 * large (~1.5 MiB gzip): import it only lazily, and only where a point cloud is shown (the analytics
 * plugin's `loadPointCloudPlot`); never on /login, /dashboard or a route's first JS.
 */
import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-strict-dist-min';

/** The react-plotly.js component bound to the strict bundle. */
const Plot = createPlotlyComponent(Plotly);
export default Plot;
export { Plot };
