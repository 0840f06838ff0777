/** Stands in for CSS imports under jest, where no styles are applied. */
export default {};
