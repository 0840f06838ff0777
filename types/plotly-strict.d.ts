/** plotly.js's strict bundle (every trace, WebGL without eval) ships no types: the Plotly object. */
declare module 'plotly.js-strict-dist-min' {
  const Plotly: object;
  export default Plotly;
}
