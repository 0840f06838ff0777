export * from '@civic/core/common/access';
