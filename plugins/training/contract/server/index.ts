/** What plugins that require training may use on the server. */
export { TrainingTestCases, type TrainingTestCase, type TrainingTestCaseSource } from './test-cases';
