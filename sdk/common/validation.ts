export { validateDto, type ValidationOutcome } from '@civic/core/common/dto/validate';
export { fieldLabel } from '@civic/core/common/dto/field-label';
