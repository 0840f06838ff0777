export { validateDto, type ValidationOutcome } from '@civic/core/common/dto/validate';
