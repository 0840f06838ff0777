/**
 * plotly.js's gl2d bundle (scatter, scattergl, splom, parcoords: WebGL point clouds) through
 * react-plotly.js. ~520 KiB gzip: import it only lazily, and only where a point cloud is shown
 * (the analytics plugin's `loadPointCloudPlot`); never on /login, /dashboard or a route's first JS.
 */
import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-gl2d-dist-min';

/** The react-plotly.js component bound to the gl2d bundle. */
const Plot = createPlotlyComponent(Plotly);
export default Plot;
export { Plot };
