export * from '@civic/core/common/model';
