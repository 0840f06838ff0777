/**
 * plotly.js (the basic bundle: scatter, bar, pie) through react-plotly.js, the console's one copy.
 * Import it only from a lazily loaded module (`lazy(() => import('@civic/sdk/web/plotly'))`): it is
 * ~390 KiB gzip and must never load on /login or /dashboard (tests/bench route budgets).
 */
import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js';

/** The react-plotly.js component bound to the basic bundle. */
const Plot = createPlotlyComponent(Plotly as unknown as object);
export default Plot;
export { Plot };
