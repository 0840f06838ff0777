/** Numbers as the console writes them (one copy, from core). */
export { formatCount } from '@civic/core/common/format';
