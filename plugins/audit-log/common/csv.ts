/** The SDK's one CSV-injection-safe writer (moved there so every export shares it). */
export { csvCell, csvLine } from '@civic/sdk/common/csv';
