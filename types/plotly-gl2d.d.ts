/** plotly.js's gl2d bundle (scatter, scattergl, splom, parcoords) ships no types: the Plotly object. */
declare module 'plotly.js-gl2d-dist-min' {
  const Plotly: object;
  export default Plotly;
}
